import {
  DateInput,
  type DateInputProps,
  DatePickerInput,
  type DatePickerInputProps,
  DatesProvider,
  DateTimePicker,
  type DateTimePickerProps,
} from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useTranslation } from 'react-i18next';
import '@web/lib/dayjs';
import { type Handover, useHandoverFocus } from '../deferred/handover';

function Provider({ children }: { children: React.ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'de', firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

export function DatePickerField({ handover, ...props }: DatePickerInputProps & { handover: Handover | null }) {
  const ref = useHandoverFocus<HTMLButtonElement>(handover, (el) => el.click());
  return (
    <Provider>
      <DatePickerInput ref={ref} {...props} />
    </Provider>
  );
}

export function DateTimeField({ handover, ...props }: DateTimePickerProps & { handover: Handover | null }) {
  const ref = useHandoverFocus<HTMLButtonElement>(handover, (el) => el.click());
  return (
    <Provider>
      <DateTimePicker ref={ref} {...props} />
    </Provider>
  );
}

/** A day typed as DD.MM.YYYY (German) or picked from the calendar; the value stays YYYY-MM-DD. */
export function DateField(props: DateInputProps) {
  return (
    <Provider>
      <DateInput valueFormat="DD.MM.YYYY" {...props} />
    </Provider>
  );
}
