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
 * A record read again in the background (the window regained focus, the live stream reconnected, an image of the
 * record changed) replaces only the fields the operator has not touched. react-admin's default resets them all, which
 * lost what was typed and left Save disabled (nothing dirty). Another panel's change is announced by the edit page's
 * banner, and a save on an old version meets the conflict dialog. One object: react-admin resets on each new one.
 */
const KEEP_TYPED = { keepDirtyValues: true } as const;

/**
 * Every create and edit form: react-admin's `SimpleForm` that asks before the user leaves unsaved changes (not after
 * a successful save, which react-admin knows, nor after the conflict dialog's overwrite, which it does not), and
 * keeps typed values through a re-read of the record.
 */
export const KitForm = ({ children, ...props }: SimpleFormProps) => (
  <SimpleForm warnWhenUnsavedChanges resetOptions={KEEP_TYPED} {...props}>
    <CleanWhenOverwritten />
    <DiscardWhenReloaded />
    {children}
  </SimpleForm>
);
