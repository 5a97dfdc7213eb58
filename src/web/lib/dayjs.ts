import dayjs from 'dayjs';
import 'dayjs/locale/de';
import { ZONE } from '@domain/time';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { i18n } from './i18n';

/**
 * dayjs as Mantine's date inputs need it: German locale (or English with the
 * interface), Europe/Berlin. Imported by the screens that use @mantine/dates,
 * so dayjs stays off the first screen; texts themselves are formatted with
 * src/domain/time.ts.
 */
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);
dayjs.tz.setDefault(ZONE);

const apply = (language: string) => dayjs.locale(language === 'en' ? 'en' : 'de');
apply(i18n.language);
i18n.on('languageChanged', apply);

export { dayjs };
