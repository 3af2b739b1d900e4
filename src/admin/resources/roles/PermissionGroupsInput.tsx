import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useInput, usePermissions, useTranslate } from 'react-admin';
import type { PermissionGroup } from '../../providers/apiExtras';
import type { AppDataProvider } from '../../providers/dataProvider';

type Id = string;
const NO_CODES: string[] = [];

/**
 * The role's permissions (`permissions`, an id list) as checkboxes, one collapsible group per `GET /models` model,
 * each with "select all". A permission the caller does not hold is disabled with the reason (the API would answer 403).
 */
export const PermissionGroupsInput = ({ readOnly = false }: { readOnly?: boolean }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { permissions: held = NO_CODES } = usePermissions<string[]>();
  const groups = useQuery<PermissionGroup[]>({ queryKey: ['permissionGroups'], queryFn: () => dataProvider.permissionGroups() });
  const { field } = useInput<Id[]>({ source: 'permissions', defaultValue: [] });
  const selected = new Set<Id>(field.value ?? []);

  if (groups.isPending) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  if (groups.isError) return <Alert severity="error">{translate('resources.roles.groupsError')}</Alert>;

  const set = (ids: Id[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    field.onChange([...next]);
  };

  return (
    <Box sx={{ width: '100%', maxWidth: 900 }} role="group" aria-label={translate('resources.roles.fields.permissions')}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate('resources.roles.fields.permissions')}
      </Typography>
      {groups.data.map((group) => {
        const grantable = group.permission.filter((p) => held.includes(p.code)).map((p) => p.id);
        const ticked = group.permission.filter((p) => selected.has(p.id)).length;
        const allTicked = grantable.length > 0 && grantable.every((id) => selected.has(id));
        const headingId = `permission-group-${group.id}`;
        return (
          <Accordion key={group.id} disableGutters className="PermissionGroup">
            <AccordionSummary expandIcon={<ExpandMoreIcon />} id={headingId}>
              <Typography sx={{ flexGrow: 1 }}>{group.label}</Typography>
              <Typography sx={{ color: 'text.secondary', mr: 1 }}>
                {translate('resources.roles.selected', { count: ticked, total: group.permission.length })}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={allTicked}
                    indeterminate={!allTicked && grantable.some((id) => selected.has(id))}
                    disabled={readOnly || grantable.length === 0}
                    onChange={(e) => set(grantable, e.target.checked)}
                  />
                }
                label={`${translate('resources.roles.selectAll')}: ${group.label}`}
              />
              <FormGroup sx={{ pl: 3 }}>
                {group.permission.map((p) => {
                  const mayGrant = held.includes(p.code);
                  return (
                    <FormControlLabel
                      key={p.id}
                      control={
                        <Checkbox
                          checked={selected.has(p.id)}
                          disabled={readOnly || !mayGrant}
                          onChange={(e) => set([p.id], e.target.checked)}
                          slotProps={{ input: { 'data-code': p.code } as object }}
                        />
                      }
                      label={
                        <>
                          {p.name} <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>({p.code})</Typography>
                          {!mayGrant && (
                            <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                              {translate('resources.roles.notHeld')}
                            </Typography>
                          )}
                        </>
                      }
                    />
                  );
                })}
              </FormGroup>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
};
