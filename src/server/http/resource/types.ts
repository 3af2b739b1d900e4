/** What a resource declares for the route builder (`http/resource-routes.ts`): only what is special about it. */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import type { RecordSnapshot } from '../../db/schema';
import type { ResourceDef } from '../../../shared/resources';
import type { AuthUser } from '../../plugins/auth';
import type { Loader } from '../../query/ids';
import type { ListParams, ListSpec } from '../../query/list';
import type { PageJson } from '../../query/page-json';
import type { AuditEntry } from '../../repos/audit';
import type { AuditAction } from '../../../shared/audit-actions';
import type { Message } from '../../messages';

/** A write's payload: JSON validated by Fastify, or (with `files`) a form read in the handler. */
export interface BodyConfig<D> {
  schema: z.ZodType<D>;
  /**
   * The file fields a form may carry and how many files each. With it the body is read as multipart or JSON (JSON
   * values become form text, as the original accepted); without it the body is JSON only.
   */
  files?: Record<string, number>;
  /** With `files`: a JSON body is still validated as JSON (only a multipart one is read as a form). */
  strictJson?: boolean;
  /** JSON only: the body may be left out (the write gets `undefined`), e.g. a claim's optional `{skip}`. */
  optional?: boolean;
}

/** What a write's own code receives. */
export interface WriteInput<D> {
  data: D;
  request: FastifyRequest;
  user: AuthUser;
  lang: string;
  /** Stores the single file of `field` (a 400 when required and missing) and answers its path. */
  image(field: string, required: boolean): Promise<string | undefined>;
  /** Stores every file of `field`, in order. */
  images(field: string): Promise<string[]>;
}

/** An action's audit entry: the resource is the builder's and the action name the declared `audit`, unless given. */
type ActionAudit = Omit<AuditEntry, 'resource' | 'action'> & Partial<Pick<AuditEntry, 'resource' | 'action'>>;

export interface ActionResult<A> {
  answer: A;
  /** 200 unless said (e.g. 201 when the call created something). */
  status?: number;
  /** The audit entry; none when the call changed nothing (a repeated click). */
  audit?: ActionAudit;
  /** Stored files the call no longer refers to, deleted once the request succeeded. */
  removeFiles?: (string | null | undefined)[];
  /** Stored files of records the call deleted: kept for `DELETED_FILES_DAYS` (a revert may bring them back). */
  retireFiles?: (string | null | undefined)[];
}

/**
 * A resource's own call beside the standard ones (Active Pre, premium, cottage images, tariff disable…), run in the
 * same frame: its permission, body and answer schemas, a target loaded before the body is read (404 when missing),
 * one transaction holding the write and its audit entry, and the clean-up of the files it dropped.
 */
export interface ResourceAction<D = unknown, A = unknown, T = unknown> {
  method: 'post' | 'put' | 'patch' | 'delete';
  /** The path relative to /api/v1, from the registry's `api`; an action whose path the registry lacks is skipped. */
  path: string | undefined;
  /** The permission is `<def.key>.<permission>`. */
  permission: string;
  /** The audit history's name of the call, e.g. `imageAdd`; none for a call that changes no record (a claim). */
  audit?: AuditAction;
  description?: string;
  body?: BodyConfig<D>;
  /** The answer: one schema, or one per status. */
  answer: z.ZodType<A> | Record<number, z.ZodType<A>>;
  /**
   * With `:id` in the path, what it names: the resource's own record by default, or another one's (`label` in the
   * 404). Loaded before the body is read.
   */
  /** `label`: what a 404 names, a message (`labels.ts`) so it reads in the reader's language. */
  target?: { label: Message; load(db: DbOrTx, id: string): Promise<T | undefined> };
  /**
   * The id of this resource's record the call changes (from the body or the target): the call then runs as that
   * record's edit command (`changeOne` in `writes.ts`): its permission, per-record rules, version and retired files.
   * `values` are what the rules see it write.
   */
  edits?: (data: D, target: T) => { id: string; values?: Record<string, unknown> };
  run(tx: Tx, input: WriteInput<D>, target: T): Promise<ActionResult<A>>;
}

export interface ResourceRoutes<R extends { id: string }, C = never, U = never> {
  def: ResourceDef;
  /** What messages call one record, e.g. "Region"; by default the one in `db/tables.ts`. */
  label?: string;
  record: z.ZodType<R>;
  load: Loader<R>;
  /**
   * The CSV export's rows, when cheaper than full records: each record's fields, the nested ones already as their cell
   * text (see `exportColumns`). By default the export loads full records with `load`.
   */
  exportRows?: Loader<{ id: string }>;
  /**
   * The list's fast path: a page of records as the JSON text the database builds (`query/page-json.ts`), sent without
   * records in between. It must equal `record`'s encoding of what `load` reads (`test/page-json.test.ts`).
   */
  pageJson?: PageJson;
  /** The list: filterable and sortable fields, search and default order. */
  spec: (lang: string) => ListSpec;
  /** Further views of the same list at `<list>/<path>`, e.g. `translate/unused`. */
  views?: { path: string; description: string; spec: (lang: string) => ListSpec }[];
  /** Reads list parameters from the query (cottages fold their legacy parameters in); default DESIGN §5 only. */
  listParams?: (query: Record<string, unknown>) => ListParams;
  /** Stored files a record refers to: those a write drops, and all of a deleted record's, are removed afterwards. */
  files?: (record: R) => (string | null | undefined)[];
  /**
   * The per-record rules of the resource's commands (`resource/writes.ts`): every door that changes a record — the
   * form, bulk, import, revert — runs them before the write, with the values it is about to write in the record's own
   * field names (the form's payload, or a revert's earlier values), as the caller `user`. Each refuses by throwing
   * (403: beyond the caller's reach; 409: a state the data must keep). A delete's rules are `remove.check`.
   */
  rules?: {
    create?(tx: Tx, user: AuthUser, values: Record<string, unknown>): Promise<void>;
    edit?(tx: Tx, user: AuthUser, current: R, values: Record<string, unknown>): Promise<void>;
    /**
     * A deleted record a revert brings back: the snapshot as this caller may restore it (e.g. a cottage as `progress`
     * for a caller who may not moderate) and, in the request's message language, what was left out and why. Refuses (throws)
     * when the record itself may not come back. The create rule runs on the record's row afterwards.
     */
    restore?(tx: Tx, user: AuthUser, snapshot: RecordSnapshot, lang: string): Promise<{ snapshot: RecordSnapshot; leftOut: string[] }>;
  };
  create?: {
    body: BodyConfig<C>;
    description?: string;
    write(tx: Tx, input: WriteInput<C>): Promise<string>;
    /**
     * The same write for many records at once (a batch of the command: an import's apply), in a few multi-row
     * statements instead of `write` each; answers the ids in order. A record's refusal is an `ItemFailed` naming it.
     * Without it a batch runs `write` record by record.
     */
    writeMany?(tx: Tx, inputs: WriteInput<C>[]): Promise<string[]>;
  };
  update?: {
    body: BodyConfig<U>;
    description?: string;
    write(tx: Tx, input: WriteInput<U>, current: R): Promise<unknown>;
    /** `write` for many records at once, as `create.writeMany`. */
    writeMany?(tx: Tx, items: { input: WriteInput<U>; current: R }[]): Promise<void>;
  };
  /** The bulk edit at `def.api.bulkUpdate`: the fields it may change (a part of the edit) and the permission it needs. */
  bulkUpdate?: { action: string; schema: z.ZodType<Record<string, unknown>> };
  /** Replaces the record's image from a multipart `image` (required) at `def.api.image`. */
  image?: { write(tx: Tx, current: R, image: string): Promise<void> };
  remove?: {
    description?: string;
    /** Refuses the delete (throws an HttpError), e.g. a 409 while other records depend on it. */
    check?(tx: Tx, current: R, request: FastifyRequest): Promise<void>;
    write(tx: Tx, current: R, request: FastifyRequest): Promise<void>;
  };
  /**
   * Record fields that are links to other records (a cottage's `comforts`, `cottageType`) which a revert of an edit
   * may put back (`http/resource/revert.ts`): `write` gets their earlier values as the record had them.
   */
  revertLinks?: {
    fields: string[];
    /** Fields shown from those (a translation's `value` in the request's language, what uses it): they follow. */
    derived?: string[];
    write(tx: Tx, id: string, values: Record<string, unknown>): Promise<void>;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each action has its own body, answer and target
  actions?: ResourceAction<any, any, any>[];
}

/** One record (404 when missing) and the loader, for a route file's own calls. */
export interface RegisteredResource<R> {
  one(id: string, lang: string): Promise<R>;
  load: Loader<R>;
}
