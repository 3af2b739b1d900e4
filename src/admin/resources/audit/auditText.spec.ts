import { describe, expect, it } from 'vitest';
import en from '../../../../i18n/en';
import ru from '../../../../i18n/ru';
import uz from '../../../../i18n/uz';
import { cottageImageRecord, cottageRecord } from '../../../shared/records/cottage';
import { languageRecord } from '../../../shared/records/language';
import { comfortRecord, cottageTypeRecord, placeRecord, regionRecord } from '../../../shared/records/named';
import { notificationRecord } from '../../../shared/records/notification';
import { orderRecord } from '../../../shared/records/order';
import { roleRecord } from '../../../shared/records/role';
import { serviceRecord, tariffRecord } from '../../../shared/records/service';
import { translationRecord } from '../../../shared/records/translation';
import { userRecord } from '../../../shared/records/user';
import { actionLabel, fieldLabel, fieldLabelKeys, routeOfKey, shownFields, valueText } from './auditText';

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
    expect(fieldLabel(translate, 'cottage', 'someNewField')).toBe('Some new field');
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

describe('every field a history can show is named in the reader’s language', () => {
  it('has a label in uz, ru and en for each field of every audited record', () => {
    const records: Record<string, { shape: object }> = {
      cottage: cottageRecord, user: userRecord, order: orderRecord, tariff: tariffRecord, services: serviceRecord,
      translate: translationRecord, language: languageRecord, roles: roleRecord, notification: notificationRecord,
      region: regionRecord, place: placeRecord, comfort: comfortRecord, 'cottage-type': cottageTypeRecord,
    };
    const missing: string[] = [];
    for (const [language, catalogue] of Object.entries({ uz, ru, en })) {
      const has = (key: string) => typeof key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], catalogue) === 'string';
      // A cottage's image rows are audited under the cottage (imageAdd, imageEdit, imageDelete).
      for (const [route, schema] of [...Object.entries(records), ['cottage', cottageImageRecord] as const]) {
        for (const field of Object.keys(schema.shape)) if (!fieldLabelKeys(route, field).some(has)) missing.push(`${language} ${route}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
