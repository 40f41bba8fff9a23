import {
  IconArchive,
  IconFileDownload,
  IconFilePencil,
  IconFileUpload,
  IconHelp,
  IconInbox,
  IconLayoutDashboard,
  IconMessages,
  IconMessageShare,
  IconNotes,
  IconSend,
  IconSettings,
  IconStethoscope,
  IconTrash,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { NavItemId } from './nav-items';

// Distinct icons even where labels repeat across groups: in the collapsed rail the icon is all a user sees.
export const NAV_ICONS: Readonly<Record<NavItemId, Icon>> = {
  dashboard: IconLayoutDashboard,
  'inbox-referrals': IconInbox,
  'inbox-reports': IconFileDownload,
  'inbox-case-conferences': IconMessages,
  'outbox-referrals': IconSend,
  'outbox-case-conferences': IconMessageShare,
  'outbox-reports': IconFileUpload,
  'drafts-referrals': IconFilePencil,
  'drafts-reports': IconNotes,
  archive: IconArchive,
  patients: IconUsers,
  providers: IconStethoscope,
  trash: IconTrash,
  help: IconHelp,
  settings: IconSettings,
};
