/**
 * Cottage create and edit (their own URLs) and the images dialog's route (`/cottage/:id/images`). The map and the
 * cropper are lazy chunks: the form loads Leaflet only when it shows the map, the dialog loads the cropper only when
 * it opens.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { ImageField, SaveButton, SelectInput, Toolbar, required, useCanAccess, useNotify, useRedirect } from 'react-admin';
import { ACTIVE_STATUSES, COTTAGE_STATUSES } from '../../../shared/enums';
import { ImageUploadInput } from '../../components/ImageUploadInput';
import { ImagesInput } from '../../components/ImagesInput';
import { KitCreate, KitEdit } from '../../components/KitPages';
import { CottageFields, F, NameInput } from './form/CottageFields';
import { KitForm } from '../../components/KitForm';
import { ClaimNotice } from './review/claims';
import { RecordSignals } from './signals/SignalPanel';

const T = 'resources.cottage.form';
/** The most child images one create may carry (the server refuses more). */
const MAX_CHILD_IMAGES = 15;

const choices = (values: readonly string[], prefix: string) => values.map((id) => ({ id, name: `${prefix}.${id}` }));

export const CottageCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <KitCreate
      title={`${T}.add`}
      tabTitle={`${T}.add`}
      mutationOptions={{
        // Born `progress`: it is in the moderation queue, not in the cottage list, and the toast says so.
        onSuccess: () => {
          notify(`${T}.created`, { type: 'success' });
          redirect('list', 'cottage');
        },
      }}
    >
      <KitForm>
        <NameInput />
        <ImageUploadInput source="mainImage" label={`${F}.mainImage`} accept={{ 'image/*': [] }} validate={required()} multiple={false}>
          <ImageField source="src" title="title" sx={{ '& img': { maxWidth: 250, maxHeight: 250 } }} />
        </ImageUploadInput>
        <ImagesInput source="images" label={`${F}.images`} max={MAX_CHILD_IMAGES} />
        <CottageFields />
      </KitForm>
    </KitCreate>
  );
};

const EditToolbar = () => (
  <Toolbar>
    <SaveButton label={`${T}.save_changes`} />
  </Toolbar>
);

export const CottageEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const { canAccess: canModerate } = useCanAccess({ resource: 'cottage', action: 'moderate' });
  return (
    <KitEdit
      title={`${T}.edit`}
      tabTitle={`${T}.edit`}
      mutationOptions={{
        onSuccess: () => {
          notify(`${T}.updated`, { type: 'success' });
          redirect('list', 'cottage');
        },
      }}
    >
      {/* A colleague reviewing this cottage on the desk (issue 25). */}
      <ClaimNotice />
      {/* Its moderation signals, with their evidence (issue #35). */}
      <RecordSignals />
      <KitForm toolbar={<EditToolbar />}>
        <NameInput />
        <CottageFields />
        {/* Prefilled from the record; only a change is sent (an untouched select sends nothing). */}
        {canModerate && (
          <SelectInput
            source="cottageStatus"
            label={`${F}.cottageStatus`}
            choices={choices(COTTAGE_STATUSES, `${T}.cottage_status`)}
            validate={required()}
          />
        )}
        <SelectInput source="status" label={`${F}.status`} choices={choices(ACTIVE_STATUSES, `${T}.status`)} validate={required()} />
      </KitForm>
    </KitEdit>
  );
};

const CottageImagesDialog = lazy(() => import('./images/CottageImagesDialog'));

/** The dialog only for a user who may edit cottages; the list under it stays either way. */
const GuardedImagesDialog = () => {
  const { canAccess, isPending } = useCanAccess({ action: 'edit', resource: 'cottage' });
  if (isPending || !canAccess) return null;
  return (
    <Suspense fallback={null}>
      <CottageImagesDialog />
    </Suspense>
  );
};

/** The images dialog's route over a list, `/cottage/:id/images`. */
export const cottageImagesRoute = (List: ComponentType) => (
  <Route
    path=":id/images"
    element={
      <>
        <List />
        <GuardedImagesDialog />
      </>
    }
  />
);
