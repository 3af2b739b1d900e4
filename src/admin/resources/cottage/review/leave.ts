import { API_BASE } from '../../../providers/httpClient';
import { releasePath, type ClaimedCottage } from '../../../providers/reviewApi';
import { session } from '../../../providers/session';

/**
 * Releases a claim while the page goes away (tab closed, reload): a `keepalive` fetch outlives the page, which an
 * ordinary call would not. Best effort: an unreleased claim expires by itself.
 */
export function releaseWhileLeaving(cottage: ClaimedCottage): void {
  const token = session.accessToken();
  if (!token) return;
  try {
    void fetch(`${API_BASE}/${releasePath(cottage)}`, {
      method: 'DELETE',
      keepalive: true,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    }).catch(() => undefined);
  } catch {
    // A browser without keepalive: the claim expires.
  }
}
