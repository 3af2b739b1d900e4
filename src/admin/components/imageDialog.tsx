import type { ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { useCanAccess, useResourceContext } from 'react-admin';
import { ImageEditDialog } from './ImageEditDialog';

/** The image dialog's path under a resource: `/<resource>/:id/image`. */
const IMAGE_DIALOG_PATH = ':id/image';

export function imageDialogPath(listPath: string, id: string | number): string {
  return `${listPath}/${encodeURIComponent(id)}/image`;
}

/** The dialog only for a user who may edit the resource; the list under it stays either way. */
const GuardedImageDialog = () => {
  const resource = useResourceContext();
  const { canAccess, isPending } = useCanAccess({ action: 'edit', resource });
  return isPending || !canAccess ? null : <ImageEditDialog />;
};

/**
 * A resource's extra route that replaces a record's image in a dialog over its list. Give it to the resource module
 * as `children: imageDialogRoute(XList)`; the list's `ImageColumn` links to it.
 */
export function imageDialogRoute(List: ComponentType) {
  return (
    <Route
      path={IMAGE_DIALOG_PATH}
      element={
        <>
          <List />
          <GuardedImageDialog />
        </>
      }
    />
  );
}
