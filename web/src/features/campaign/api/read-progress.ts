/** The campaign's progress: one document read (docs/architecture.md, "What a visit reads"). */
import { campaignProgress, readProgressDocument, type CampaignProgress } from '@parroquia/domain';
import { readPublicDocument } from '@/lib/firestore-rest';

export async function readCampaignProgress(signal?: AbortSignal): Promise<CampaignProgress> {
  const data = await readPublicDocument('campaign/progress', signal);
  const stored = data ? readProgressDocument(data) : null;
  if (!stored) throw new Error('campaign/progress is missing or malformed');
  return campaignProgress(stored.counts, stored.totalPlots);
}
