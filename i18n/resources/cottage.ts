import { resourceTexts } from './define';
import { cottageFormTexts } from './cottage-form';

/** The cottage screen's texts in every language. */
export default resourceTexts({
  en: {
    name: 'Announcement |||| Announcements',
    // The form, the map and the images dialog (issue 11, editing half).
    ...cottageFormTexts.en,
  },
  ru: {
    name: 'Объявление |||| Объявления |||| Объявлений',
    // The form, the map and the images dialog (issue 11, editing half).
    ...cottageFormTexts.ru,
  },
  uz: {
    name: "E'lon |||| E'lonlar",
    // The form, the map and the images dialog (issue 11, editing half).
    ...cottageFormTexts.uz,
  },
});
