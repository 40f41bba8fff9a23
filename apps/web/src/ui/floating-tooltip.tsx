// Mantine's Tooltip brings Floating UI with it: imported only through this file, lazily, it stays out of the
// first screen's JavaScript (docs/referral-screens.md).
export { Tooltip as FloatingTooltip } from '@mantine/core';
