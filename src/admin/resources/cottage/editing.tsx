import type { ComponentType } from 'react';
import { ComingSoon } from '../../layout/ComingSoon';

/** Placeholders until the cottage form and the images dialog are built (issue 11). */
export const CottageCreate = () => <ComingSoon />;
export const CottageEdit = () => <ComingSoon />;
/** The images dialog's route over a list, `/cottage/:id/images`. */
export const cottageImagesRoute = (_List: ComponentType) => null;
