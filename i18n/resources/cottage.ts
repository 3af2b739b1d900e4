import { resourceTexts } from './define';

/** The cottage screen's texts in every language. */
export default resourceTexts({
  en: { name: 'Announcement |||| Announcements' },
  ru: { name: 'Объявление |||| Объявления |||| Объявлений' },
  uz: { name: "E'lon |||| E'lonlar" },
});
