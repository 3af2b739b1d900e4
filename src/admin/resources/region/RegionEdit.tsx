import { Edit } from 'react-admin';
import { RegionForm } from './RegionForm';

export const RegionEdit = () => (
  <Edit redirect="list" mutationMode="pessimistic" title="resources.region.edit">
    <RegionForm />
  </Edit>
);
