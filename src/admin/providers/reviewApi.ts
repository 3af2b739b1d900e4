/**
 * The review desk's calls (issue 25): claims (one cottage, one moderator), undo of a decision, the desk's facts about
 * a cottage (medians, owner, history) and the rejection reason templates. Decisions themselves go through
 * `moderateCottage` (the edit, naming the version), which also releases the claim on the server.
 */
import type { Identifier, RaRecord } from 'react-admin';
import { apiPath, resources } from '../../shared/resources';
import type { Http } from './httpClient';
// A type only: the record's zod stays out of the panel's bundle.
import type { CottageSignalsRecord } from '../../shared/records/signals';


const { api } = resources.cottage;
/** The API's paths (relative to /api/v1): the registry's cottage actions, and the desk's reads beside them. */
const REVIEW_PATHS = {
  claim: api.claim,
  release: api.release,
  claims: 'cottage/claims',
  undo: api.undo,
  desk: 'cottage/desk/:id',
  reasons: 'moderation-reason',
  reasonAdd: 'moderation-reason/add',
  reasonEdit: 'moderation-reason/edit/:id',
  reasonDelete: 'moderation-reason/delete/:id',
  signals: 'cottage/:id/signals',
} as const;

/** Who holds a cottage, and until when (ISO time). */
export interface Claim {
  userId: string;
  userName: string;
  expiresAt: string;
}
/** `GET cottage/claims`. */
export interface HeldCottage extends Claim {
  cottageId: string;
}
/** The cottage as `GET cottage/:id` answers it, plus the caller's claim on it. */
export type ClaimedCottage = RaRecord & { claim?: Claim | null };

/** The median prices of the confirmed cottages compared with (null when there are none). */
export interface Median {
  price: number | null;
  priceWeekend: number | null;
  count: number;
}
/** `GET cottage/desk/:id`: what the desk shows beside the cottage itself. */
export interface DeskFacts {
  medians: { region: Median | null; types: (Median & { id: string; name: string })[] };
  owner: { id: string; name: string; phone?: string | null; createdAt: string } | null;
  ownerCottages: { id: string; name: string; cottageStatus: string; createdAt: string }[];
  history: { cottageId: string; cottageName: string; action: string; cottageStatus: string; reason: string | null; at: string; byName: string }[];
}

export const REASON_LANGUAGES = ['uz', 'ru', 'en'] as const;
export type ReasonLanguage = (typeof REASON_LANGUAGES)[number];
/** A rejection reason template, in every language, ordered by `position`. */
export interface ReasonTemplate {
  id: string;
  position: number;
  uz: string;
  ru: string;
  en: string;
  updatedAt?: string;
}
export type ReasonTemplateInput = Omit<ReasonTemplate, 'id' | 'updatedAt'>;

/** `DELETE cottage/claim/:id`, naming the claim as it was known (`?expiresAt=`), so a renewal since keeps it. */
export const releasePath = (cottage: ClaimedCottage) =>
  `${apiPath(REVIEW_PATHS.release, cottage.id)}${cottage.claim ? `?expiresAt=${encodeURIComponent(cottage.claim.expiresAt)}` : ''}`;

export interface ReviewApi {
  /** The next cottage nobody else holds (or the caller's own, renewed), or `null` when the queue is empty (204). */
  claimCottage(skip?: Identifier[]): Promise<ClaimedCottage | null>;
  /** Lets the claim go, unless it was renewed since `cottage.claim` (a reloaded desk has claimed it again). */
  releaseClaim(cottage: ClaimedCottage): Promise<void>;
  cottageClaims(): Promise<HeldCottage[]>;
  /** Takes the caller's decision (≤ 60 s old) back; the claim returns to the caller. 409 when too late. */
  undoDecision(cottageId: Identifier): Promise<ClaimedCottage>;
  deskFacts(cottageId: Identifier): Promise<DeskFacts>;
  reasonTemplates(): Promise<ReasonTemplate[]>;
  addReasonTemplate(template: ReasonTemplateInput): Promise<ReasonTemplate>;
  editReasonTemplate(id: Identifier, template: Partial<ReasonTemplateInput>): Promise<ReasonTemplate>;
  deleteReasonTemplate(id: Identifier): Promise<void>;
  /** `GET cottage/:id/signals`: the moderation signals, each reason in the panel's language, and the risk score. */
  cottageSignals(cottageId: Identifier): Promise<CottageSignalsRecord>;
}

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });
const byPosition = (a: ReasonTemplate, b: ReasonTemplate) => a.position - b.position;

export function createReviewApi(http: Http): ReviewApi {
  return {
    async claimCottage(skip = []) {
      const res = await http<ClaimedCottage>(REVIEW_PATHS.claim, json('POST', { skip: skip.map(String) }));
      return res.status === 204 || !res.json ? null : res.json;
    },
    async releaseClaim(cottage) {
      await http(releasePath(cottage), { method: 'DELETE' });
    },
    cottageClaims: async () => (await http<HeldCottage[]>(REVIEW_PATHS.claims)).json ?? [],
    undoDecision: async (id) => (await http<ClaimedCottage>(apiPath(REVIEW_PATHS.undo, id), { method: 'POST' })).json,
    deskFacts: async (id) => (await http<DeskFacts>(apiPath(REVIEW_PATHS.desk, id))).json,
    async reasonTemplates() {
      const list = (await http<ReasonTemplate[]>(`${REVIEW_PATHS.reasons}?sort=${encodeURIComponent('["position","ASC"]')}`)).json ?? [];
      return [...list].sort(byPosition);
    },
    addReasonTemplate: async (t) => (await http<ReasonTemplate>(REVIEW_PATHS.reasonAdd, json('POST', t))).json,
    editReasonTemplate: async (id, t) => (await http<ReasonTemplate>(apiPath(REVIEW_PATHS.reasonEdit, id), json('PATCH', t))).json,
    async deleteReasonTemplate(id) {
      await http(apiPath(REVIEW_PATHS.reasonDelete, id), { method: 'DELETE' });
    },
    cottageSignals: async (id) => (await http<CottageSignalsRecord>(apiPath(REVIEW_PATHS.signals, id))).json,
  };
}
