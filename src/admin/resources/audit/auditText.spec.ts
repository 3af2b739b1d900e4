import { describe, expect, it } from 'vitest';
import { actionLabel, fieldLabel, routeOfKey, shownFields, valueText } from './auditText';

const texts: Record<string, string> = {
  'resources.region.fields.name': 'Nomi',
  'resources.audit.none': '—',
  'resources.audit.hidden': 'yashirin',
  'resources.audit.fields.premiumPlacement': 'Premium joylashuv',
  'resources.audit.actions.edit': 'Tahrirlandi',
  'app.columns.createdAt': 'Yaratilgan',
};
const translate = (key: string, options?: Record<string, unknown>) => texts[key] ?? String(options?._ ?? key);

describe('audit texts', () => {
  it('labels a field by its resource, else a shared label, else the audit screen, else the key made readable', () => {
    expect(fieldLabel(translate, 'region', 'name')).toBe('Nomi');
    expect(fieldLabel(translate, 'region', 'createdAt')).toBe('Yaratilgan');
    expect(fieldLabel(translate, 'cottage', 'premiumPlacement')).toBe('Premium joylashuv');
    expect(fieldLabel(translate, 'cottage', 'priceWeekend')).toBe('Price weekend');
  });

  it('shows values as a person reads them', () => {
    expect(valueText(translate, null)).toBe('—');
    expect(valueText(translate, '[hidden]')).toBe('yashirin');
    expect(valueText(translate, 12)).toBe('12');
    expect(valueText(translate, 'uploads/images/a.png')).toBe('uploads/images/a.png');
    expect(valueText(translate, [{ id: '1', name: 'Wi-Fi' }, { id: '2', name: 'Pool' }])).toBe('Wi-Fi, Pool');
    expect(valueText(translate, [{ role: { id: 'r', name: 'MODERATOR' } }])).toBe('MODERATOR');
    expect(valueText(translate, { latitude: 41.3, longitude: 69.2 })).toBe('41.3, 69.2');
    expect(valueText(translate, [])).toBe('—');
  });

  it('hides a translated field id whose text changed with it, and names actions and resources', () => {
    expect(shownFields({ name: 1, nameTranslateId: 2, price: 3 })).toEqual(['name', 'price']);
    expect(shownFields({ nameTranslateId: 2 })).toEqual(['nameTranslateId']);
    expect(actionLabel(translate, 'edit')).toBe('Tahrirlandi');
    expect(actionLabel(translate, 'bulkDelete')).toBe('Bulk delete');
    expect(routeOfKey('cottageType')).toBe('cottage-type');
  });
});
