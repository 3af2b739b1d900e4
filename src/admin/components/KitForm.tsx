import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { SimpleForm, type SimpleFormProps } from 'react-admin';
import { conflictStore } from '../providers/conflict';

/** Marks the form clean when the conflict dialog saved its values over a newer record, so leaving does not warn. */
const CleanWhenOverwritten = () => {
  const { reset, getValues } = useFormContext();
  useEffect(() => conflictStore.onOverwritten(() => reset(getValues())), [reset, getValues]);
  return null;
};

/**
 * Every create and edit form: react-admin's `SimpleForm` that asks before the user leaves unsaved changes (not after
 * a successful save, which react-admin knows, nor after the conflict dialog's overwrite, which it does not).
 */
export const KitForm = ({ children, ...props }: SimpleFormProps) => (
  <SimpleForm warnWhenUnsavedChanges {...props}>
    <CleanWhenOverwritten />
    {children}
  </SimpleForm>
);
