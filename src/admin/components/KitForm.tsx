import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { SimpleForm, useRecordContext, type SimpleFormProps } from 'react-admin';
import { conflictStore } from '../providers/conflict';

/** Marks the form clean when the conflict dialog saved its values over a newer record, so leaving does not warn. */
const CleanWhenOverwritten = () => {
  const { reset, getValues } = useFormContext();
  useEffect(() => conflictStore.onOverwritten(() => reset(getValues())), [reset, getValues]);
  return null;
};

/**
 * After the conflict dialog's Reload, the record read again replaces every value, typed ones too: a form that keeps
 * typed values through a refetch (`keepDirtyValues`, the cottage's while its images change) must not keep them here.
 */
const DiscardWhenReloaded = () => {
  const { reset } = useFormContext();
  const record = useRecordContext();
  const reloading = useRef(false);
  const latest = useRef(record);
  latest.current = record;
  // At once (the record may already be the newest, and its refetch then changes nothing), and again when it arrives.
  useEffect(
    () =>
      conflictStore.onReloaded(() => {
        reloading.current = true;
        if (latest.current) reset(latest.current);
      }),
    [reset],
  );
  useEffect(() => {
    if (!reloading.current || !record) return;
    reloading.current = false;
    reset(record);
  }, [record, reset]);
  return null;
};

/**
 * Every create and edit form: react-admin's `SimpleForm` that asks before the user leaves unsaved changes (not after
 * a successful save, which react-admin knows, nor after the conflict dialog's overwrite, which it does not).
 */
export const KitForm = ({ children, ...props }: SimpleFormProps) => (
  <SimpleForm warnWhenUnsavedChanges {...props}>
    <CleanWhenOverwritten />
    <DiscardWhenReloaded />
    {children}
  </SimpleForm>
);
