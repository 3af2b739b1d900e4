import { Box, Chip, Divider, Link, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useBasename, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatPhone } from '../../../../shared/format';
import { useFormat } from '../../../components/formats';
import type { ClaimedCottage, DeskFacts } from '../../../providers/reviewApi';
import { DeskMap } from './DeskMap';

const T = 'resources.cottage.review.facts';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ mb: 2 }}>
    <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 0.5 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

const names = (value: unknown) => (Array.isArray(value) ? (value as { id: string; name: string }[]) : []);

/** What the cottage says about itself: description, comforts, types, where, the map. */
export const CottageFacts = ({ record }: { record: ClaimedCottage }) => {
  const translate = useTranslate();
  const format = useFormat();
  const chips = (value: unknown) => {
    const list = names(value);
    return list.length ? (
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {list.map((n) => (
          <Chip key={n.id} size="small" label={n.name} />
        ))}
      </Stack>
    ) : (
      <Typography variant="body2">{translate(`${T}.none`)}</Typography>
    );
  };
  return (
    <>
      <Section title={translate(`${T}.description`)}>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{String(record.description ?? '')}</Typography>
      </Section>
      <Section title={translate(`${T}.types`)}>{chips(record.cottageType)}</Section>
      <Section title={translate(`${T}.comforts`)}>{chips(record.comforts)}</Section>
      <Section title={translate(`${T}.where`)}>
        <Typography>
          {record.region?.name} / {record.place?.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.submitted`, { date: format.dateTime(record.createdAt) })}
        </Typography>
      </Section>
      <Section title={translate(`${T}.map`)}>
        <DeskMap latitude={record.latitude as number | null} longitude={record.longitude as number | null} />
      </Section>
    </>
  );
};

/** The owner, their other cottages (links to their edit pages) and the moderation history of them all. */
export const OwnerFacts = ({ facts }: { facts?: DeskFacts }) => {
  const translate = useTranslate();
  const format = useFormat();
  const basename = useBasename();
  if (!facts) return <Skeleton variant="rectangular" height={120} />;
  const { owner, ownerCottages, history } = facts;
  return (
    <>
      <Section title={translate(`${T}.owner`)}>
        {owner ? (
          <>
            <Typography data-testid="review-owner">{owner.name}</Typography>
            {owner.phone && <Typography variant="body2">{formatPhone(owner.phone)}</Typography>}
            <Typography variant="body2" color="text.secondary">
              {translate(`${T}.since`, { date: format.date(owner.createdAt) })}
            </Typography>
          </>
        ) : (
          <Typography color="text.secondary">{translate(`${T}.no_owner`)}</Typography>
        )}
      </Section>
      <Section title={translate(`${T}.other_cottages`)}>
        {ownerCottages.length ? (
          <List dense disablePadding>
            {ownerCottages.map((c) => (
              <ListItem key={c.id} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`${basename}/cottage/${c.id}`}>
                      {c.name}
                    </Link>
                  }
                  secondary={`${translate(`app.status.${c.cottageStatus}`, { _: c.cottageStatus })} · ${format.date(c.createdAt)}`}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2">{translate(`${T}.none`)}</Typography>
        )}
      </Section>
      <Divider sx={{ mb: 1 }} />
      <Section title={translate(`${T}.history`)}>
        {history.length ? (
          <List dense disablePadding data-testid="review-history">
            {history.map((h, i) => (
              <ListItem key={`${h.cottageId}-${h.at}-${i}`} disableGutters>
                <ListItemText
                  primary={`${h.cottageName}: ${translate(`app.status.${h.cottageStatus}`, { _: h.cottageStatus })}${h.action === 'undo' ? ` (${translate(`${T}.undone`)})` : ''}`}
                  secondary={[format.dateTime(h.at), h.byName, h.reason].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2">{translate(`${T}.no_history`)}</Typography>
        )}
      </Section>
    </>
  );
};
