/** The moderation signals' kinds (issue #35) in the order the desk shows their chips, and their severities. */
export const SIGNAL_KINDS = ['photo', 'contact', 'price', 'twin', 'copy', 'reusedPhoto', 'burst'] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];
export const SIGNAL_SEVERITIES = ['high', 'medium', 'low'] as const;
