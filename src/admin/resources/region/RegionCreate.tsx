import { Create } from 'react-admin';
import { RegionForm } from './RegionForm';

export const RegionCreate = () => (
  <Create redirect="list" title="resources.region.add">
    <RegionForm />
  </Create>
);
