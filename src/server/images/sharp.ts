/**
 * sharp, loaded on the first image rather than at start: its libvips adds about 25 MB to a process's RSS, and a
 * server that only answers pages never decodes an image (docs/decisions.md, "Performance": memory).
 */
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

export const loadSharp = (): Promise<typeof Sharp> => (loading ??= import('sharp').then((m) => m.default));
