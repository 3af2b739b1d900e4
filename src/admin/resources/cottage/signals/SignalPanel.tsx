/**
 * A cottage's moderation signals (issue #35) as chips with their reason; a chip opens its evidence: the matched text
 * highlighted, the price on a strip against the area's usual range and median, the distance and both pins, the copied
 * text's share, the burst's span, with a link to the related cottage and a "reject with this reason" for the desk.
 * Read from `GET cottage/:id/signals` and read again when the change stream tells of the cottage.
 */
import { Alert, Box, Button, Card, CardContent, Chip, Collapse, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useBasename, useDataProvider, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SignalRecord } from '../../../../shared/records/signals';
import { useFormat } from '../../../components/formats';
import { useLiveChanges } from '../../../live/LiveProvider';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { imageUrl } from '../../../providers/imageUrl';
import { DeskMap } from '../review/DeskMap';

const T = 'resources.cottage.signals';
const COLORS = { high: 'error', medium: 'warning', low: 'default' } as const;

/** The cottage's signals, kept fresh by the change stream (any event naming it: its own write or its signals'). */
function useCottageSignals(id: Identifier | null | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const key = id === null || id === undefined ? null : String(id);
  const query = useQuery({ queryKey: ['cottage', 'signals', key], queryFn: () => dataProvider.cottageSignals(key!), enabled: key !== null });
  useLiveChanges('cottage', (change) => {
    if (key && change.ids.includes(key)) void query.refetch();
  });
  return query;
}

interface Match {
  field: 'name' | 'description';
  start: number;
  end: number;
  text: string;
}

/** The text with each match marked (`<mark>`); the stored offsets are used only while they still name the same text. */
function highlighted(text: string, matches: Match[]): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of [...matches].sort((a, b) => a.start - b.start)) {
    const start = text.slice(m.start, m.end) === m.text ? m.start : text.indexOf(m.text, at);
    if (start < at || start < 0) continue;
    out.push(text.slice(at, start), <mark key={start}>{m.text}</mark>);
    at = start + m.text.length;
  }
  out.push(text.slice(at));
  return out;
}

const ContactEvidence = ({ evidence, texts }: { evidence: Record<string, unknown>; texts: { name?: string; description?: string } }) => {
  const translate = useTranslate();
  const matches = (evidence.matches ?? []) as Match[];
  return (
    <>
      {(['name', 'description'] as const).map((field) => {
        const own = matches.filter((m) => m.field === field);
        if (!own.length) return null;
        const text = texts[field];
        return (
          <Box key={field} sx={{ mb: 1 }}>
            <Typography variant="caption" color="text.secondary">
              {translate(`${T}.evidence.in_${field}`)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', '& mark': { bgcolor: 'warning.light', px: 0.25 } }} data-testid="signal-text">
              {text ? highlighted(text, own) : own.map((m) => <mark key={m.start}>{m.text}</mark>)}
            </Typography>
          </Box>
        );
      })}
    </>
  );
};

/** The price on a strip from the area's lowest to highest confirmed price: the usual range shaded, the median a tick. */
const PriceStrip = ({ evidence }: { evidence: Record<string, number> }) => {
  const { value, min, max, low, high, median } = evidence;
  const from = Math.min(min, value, low);
  const to = Math.max(max, value, high);
  const at = (n: number) => `${to > from ? ((n - from) / (to - from)) * 100 : 50}%`;
  return (
    <Box sx={{ position: 'relative', height: 18, my: 1, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="signal-price-strip" aria-hidden>
      <Box sx={{ position: 'absolute', top: 0, bottom: 0, left: at(low), width: `calc(${at(high)} - ${at(low)})`, bgcolor: 'success.light', opacity: 0.6 }} />
      <Box sx={{ position: 'absolute', top: -2, bottom: -2, left: at(median), width: 2, bgcolor: 'text.primary' }} />
      <Box sx={{ position: 'absolute', top: 3, left: `calc(${at(value)} - 6px)`, width: 12, height: 12, borderRadius: '50%', bgcolor: 'error.main' }} />
    </Box>
  );
};

const PriceEvidence = ({ evidence }: { evidence: Record<string, unknown> }) => {
  const translate = useTranslate();
  const format = useFormat();
  const n = (key: string) => Number(evidence[key]);
  if (evidence.median === undefined) {
    return <Typography variant="body2">{translate(`${T}.evidence.weekend_below`, { weekend: format.price(n('priceWeekend')), price: format.price(n('price')) })}</Typography>;
  }
  return (
    <>
      <PriceStrip evidence={evidence as Record<string, number>} />
      <Typography variant="body2">{translate(`${T}.evidence.value`, { value: format.price(n('value')) })}</Typography>
      <Typography variant="body2">{translate(`${T}.evidence.median`, { value: format.price(n('median')) })}</Typography>
      <Typography variant="body2">{translate(`${T}.evidence.range`, { low: format.price(n('low')), high: format.price(n('high')) })}</Typography>
      <Typography variant="caption" color="text.secondary">
        {translate(`${T}.evidence.scope_${evidence.scope === 'place' ? 'place' : 'region'}`, { count: n('count') })}
      </Typography>
    </>
  );
};

type Pin = { latitude: number; longitude: number };

const OtherEvidence = ({ signal }: { signal: SignalRecord }) => {
  const translate = useTranslate();
  const format = useFormat();
  const e = signal.evidence;
  if (signal.kind === 'twin') {
    const here = e.here as Pin;
    const there = e.there as Pin;
    return (
      <>
        <Typography variant="body2">{translate(`${T}.evidence.distance`, { distance: Number(e.distance) })}</Typography>
        <Typography variant="body2">{translate(`${T}.evidence.here`, { lat: here.latitude, lng: here.longitude })}</Typography>
        <Typography variant="body2">{translate(`${T}.evidence.there`, { lat: there.latitude, lng: there.longitude })}</Typography>
        <Box sx={{ mt: 1 }} data-testid="signal-twin-map">
          <DeskMap latitude={here.latitude} longitude={here.longitude} others={[{ spot: there, label: translate(`${T}.evidence.other_pin`) }]} />
        </Box>
      </>
    );
  }
  if (signal.kind === 'photo' || signal.kind === 'reusedPhoto') {
    const pct = new Intl.NumberFormat(format.locale, { style: 'percent', maximumFractionDigits: 0 }).format(Number(e.similarity));
    return (
      <>
        <Typography variant="caption" color="text.secondary">
          {translate(`${T}.evidence.photos`)} · {translate(`${T}.evidence.similarity`, { pct })}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, mt: 0.5 }} data-testid="signal-photos">
          {[e.image, e.relatedImage].map((src) => (
            <Box key={String(src)} component="img" src={imageUrl(String(src))} alt="" loading="lazy" sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1 }} />
          ))}
        </Box>
      </>
    );
  }
  if (signal.kind === 'copy') {
    const pct = new Intl.NumberFormat(format.locale, { style: 'percent', maximumFractionDigits: 0 }).format(Number(e.similarity));
    return <Typography variant="body2">{translate(`${T}.evidence.similarity`, { pct })}</Typography>;
  }
  if (signal.kind === 'burst') {
    return <Typography variant="body2">{translate(`${T}.evidence.burst`, { count: Number(e.count), from: format.dateTime(String(e.from)), to: format.dateTime(String(e.to)) })}</Typography>;
  }
  return null;
};

const Evidence = ({ signal, texts }: { signal: SignalRecord; texts: { name?: string; description?: string } }) => {
  if (signal.kind === 'contact') return <ContactEvidence evidence={signal.evidence} texts={texts} />;
  if (signal.kind === 'price') return <PriceEvidence evidence={signal.evidence} />;
  return <OtherEvidence signal={signal} />;
};

interface Props {
  id: Identifier;
  /** The cottage's texts as shown, to highlight the matches in. */
  texts?: { name?: string; description?: string };
  /** Offers "reject with this reason" on each signal (the desk). */
  onReject?: (reason: string) => void;
}

export const SignalPanel = ({ id, texts = {}, onReject }: Props) => {
  const translate = useTranslate();
  const basename = useBasename();
  const { data, error } = useCottageSignals(id);
  // The open evidence belongs to this cottage: the desk's next cottage starts with every chip closed.
  const [opened, setOpened] = useState<{ id: Identifier; index: number } | null>(null);
  const open = opened?.id === id ? opened.index : null;
  const setOpen = (index: number | null) => setOpened(index === null ? null : { id, index });
  if (error) return <Alert severity="warning">{translate(`${T}.failed`)}</Alert>;
  if (!data) return null;
  return (
    <Box component="section" data-testid="signals" data-score={data.score} aria-label={translate(`${T}.title`)}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle2" component="h2">
          {translate(`${T}.title`)}
        </Typography>
        <Chip size="small" variant="outlined" color={data.score >= 60 ? 'error' : data.score >= 25 ? 'warning' : 'default'} label={translate(`${T}.score`, { score: data.score })} data-testid="signal-score" />
        {!data.signals.length && (
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.none`)}
          </Typography>
        )}
        {data.signals.map((s, i) => (
          <Chip
            key={`${s.kind}-${i}`}
            size="small"
            color={COLORS[s.severity]}
            variant={open === i ? 'filled' : 'outlined'}
            label={translate(`${T}.kinds.${s.kind}`)}
            title={s.message}
            onClick={() => setOpen(open === i ? null : i)}
            aria-expanded={open === i}
            data-testid={`signal-chip-${s.kind}`}
          />
        ))}
      </Stack>
      {data.signals.map((s, i) => (
        <Collapse key={`${s.kind}-${i}`} in={open === i} unmountOnExit>
          <Card variant="outlined" sx={{ mt: 1 }} data-testid={`signal-evidence-${s.kind}`}>
            <CardContent>
              <Typography variant="body2" sx={{ fontWeight: 500, mb: 1 }}>
                {s.message} · {translate(`${T}.severity.${s.severity}`)}
              </Typography>
              <Evidence signal={s} texts={texts} />
              <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
                {s.relatedId && (
                  <Link component={RouterLink} to={`${basename}/cottage/${s.relatedId}`} data-testid="signal-related">
                    {translate(`${T}.evidence.related`)}
                  </Link>
                )}
                {onReject && (
                  <Button size="small" color="error" onClick={() => onReject(translate(`${T}.reasons.${s.kind}`))}>
                    {translate(`${T}.evidence.reject`)}
                  </Button>
                )}
              </Stack>
            </CardContent>
          </Card>
        </Collapse>
      ))}
    </Box>
  );
};

/** The edit page's signals: the record's own, under the claim notice. */
export const RecordSignals = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <SignalPanel id={record.id} texts={{ name: String(record.name ?? ''), description: String(record.description ?? '') }} />
    </Box>
  );
};
