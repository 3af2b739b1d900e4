/**
 * The live panel (issue #25): the offline note, a list's new-changes chip, an edit page's "changed meanwhile" banner
 * and who else has the record open, in the three languages side by side; each catalogue takes its block as `app.live`.
 */
import type { DeepStrings, Locale } from './types';

const en = {
  offline: 'Offline — reconnecting…',
  changes: '1 change |||| %{smart_count} changes',
  changes_hint: 'Records of this list changed since it was loaded: click to refresh',
  changed: 'Someone else changed this record while you had it open. Reload it before saving, or saving will ask what to keep.',
  reload: 'Reload',
  editing: '%{name} is editing this record',
};

export const liveTexts: Record<Locale, DeepStrings<typeof en>> = {
  en,
  uz: {
    offline: 'Aloqa yoʻq — qayta ulanmoqda…',
    changes: '%{smart_count} ta oʻzgarish',
    changes_hint: 'Roʻyxat yuklangandan beri yozuvlar oʻzgardi: yangilash uchun bosing',
    changed: 'Siz ochib turganingizda bu yozuvni boshqa kishi oʻzgartirdi. Saqlashdan oldin qayta yuklang, aks holda saqlashda nimani qoldirish soʻraladi.',
    reload: 'Qayta yuklash',
    editing: '%{name} bu yozuvni tahrirlamoqda',
  },
  ru: {
    offline: 'Нет связи — переподключение…',
    changes: '%{smart_count} изменение |||| %{smart_count} изменения |||| %{smart_count} изменений',
    changes_hint: 'Записи списка изменились после загрузки: нажмите, чтобы обновить',
    changed: 'Пока запись была открыта, её изменил кто-то другой. Перезагрузите её перед сохранением, иначе при сохранении спросим, что оставить.',
    reload: 'Перезагрузить',
    editing: '%{name} редактирует эту запись',
  },
};
