/**
 * Cottage create and edit (their own URLs), each holding the cottage's images (issue 34, item 6): create keeps the
 * 16:7 crop and the picked child images in the form and sends them with the record in one multipart create; edit saves
 * each image change at once in its images section. The old images dialog's URL (`/cottage/:id/images`) opens the edit
 * page at that section. The map is a lazy chunk: the form loads Leaflet only when it shows the map.
 */
import { Navigate, Route, useParams } from 'react-router-dom';
import { SaveButton, SelectInput, Toolbar, required, useCanAccess, useCreatePath, useNotify, useRedirect } from 'react-admin';
import { ACTIVE_STATUSES, COTTAGE_STATUSES } from '../../../shared/enums';
import { ImagesInput } from '../../components/ImagesInput';
import { KitCreate, KitEdit } from '../../components/KitPages';
import { CottageFields, F, NameInput } from './form/CottageFields';
import { KitForm } from '../../components/KitForm';
import { ClaimNotice } from './review/claims';
import { RecordSignals } from './signals/SignalPanel';
import { CottageImagesSection } from './images/CottageImagesSection';
import { MainImageInput } from './images/MainImageInput';

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
        <MainImageInput label={`${F}.mainImage`} />
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
      {/* An image change reads the record again (its version moves); what the operator typed stays. */}
      <KitForm toolbar={<EditToolbar />} resetOptions={{ keepDirtyValues: true }}>
        <NameInput />
        <CottageImagesSection />
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

/** The old images dialog's URL opens the edit page at its images section. */
const ToImagesSection = () => {
  const { id = '' } = useParams();
  const createPath = useCreatePath();
  return <Navigate replace to={`${createPath({ resource: 'cottage', type: 'edit', id })}#images`} />;
};

/** `/cottage/:id/images`, kept for links and bookmarks made before the images moved into the form. */
export const cottageImagesRoute = () => <Route path=":id/images" element={<ToImagesSection />} />;
