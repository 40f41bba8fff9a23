import type { ReactNode } from 'react';

/**
 * The clinical reports' own reader of a report's text (sanitised HTML limited to the editor's marks), handed
 * in by the app: a feature does not import another.
 */
export type ReportBodySlot = (props: { html: string }) => ReactNode;
