import type { CompanySettingsDocument } from '@atende/shared/contracts/company/settings';
import { SETTINGS_SECTIONS } from '@atende/shared/contracts/company/settings';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Empty,
  Form,
  Input,
  Select,
  Space,
  Switch,
  TimePicker,
} from 'antd';
import type { FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { dayjs } from '../../../lib/dates/dates.ts';
import { sectionErrors } from '../forms/settings-fields.ts';
import { useSaveSettings } from '../hooks/use-company.ts';

const labels = ptBR.adminScreens.company.officeHours;
const titles = ptBR.adminScreens.company.sections;
const WEEKDAYS = SETTINGS_SECTIONS.officeHours.shape.weekly.element.shape.day.options;
type Weekday = (typeof WEEKDAYS)[number];
const TIME = 'HH:mm';
const DAY = 'YYYY-MM-DD';

interface FormValues {
  enabled: boolean;
  weekly: { day: Weekday; start?: Dayjs | null; end?: Dayjs | null }[];
  holidays: { date?: Dayjs | null; name: string; recurring: boolean }[];
}

const toForm = (doc: CompanySettingsDocument): FormValues => ({
  enabled: doc.officeHours.enabled,
  weekly: doc.officeHours.weekly.map((slot) => ({
    day: slot.day,
    start: dayjs(slot.start, TIME),
    end: dayjs(slot.end, TIME),
  })),
  holidays: doc.holidays.map((holiday) => ({ ...holiday, date: dayjs(holiday.date, DAY) })),
});

/** Weekly office hours and holidays, which the queue rule reads; saved together so they never disagree. */
export function OfficeHoursCard({ document }: { document: CompanySettingsDocument }) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveSettings();
  useEffect(() => form.setFieldsValue(toForm(document)), [document, form]);

  const submit = async (values: FormValues) => {
    const officeHours = {
      enabled: values.enabled,
      weekly: values.weekly.map((slot) => ({
        day: slot.day,
        start: slot.start?.format(TIME) ?? '',
        end: slot.end?.format(TIME) ?? '',
      })),
    };
    const holidays = values.holidays.map((holiday) => ({
      date: holiday.date?.format(DAY) ?? '',
      name: holiday.name ?? '',
      recurring: holiday.recurring ?? false,
    }));
    const errors = [
      ...[...sectionErrors('officeHours', officeHours)].map(([path, error]) => ({ path, error })),
      ...[...sectionErrors('holidays', holidays)].map(([path, error]) => ({
        path: `holidays.${path}`,
        error,
      })),
    ];
    const badOrder = officeHours.weekly.findIndex((slot) => slot.start && slot.end && slot.end <= slot.start);
    if (badOrder >= 0) errors.push({ path: `weekly.${badOrder}.end`, error: ptBR.admin.endBeforeStart });
    if (errors.length > 0) {
      // Error paths come from the contract, so they are plain name paths rather than the form's typed ones.
      (form as FormInstance).setFields(
        errors.map(({ path, error }) => ({
          name: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
          errors: [error],
        })),
      );
      return;
    }
    await save.mutateAsync({ officeHours, holidays }).catch(() => undefined);
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={toForm(document)}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          size="small"
          title={titles.officeHours.title}
          id="office-hours"
          data-testid="settings-section-officeHours"
        >
          <Form.Item name="enabled" label={titles.officeHours.enabled} valuePropName="checked">
            <Switch data-testid="setting-officeHours-enabled" />
          </Form.Item>
          <Form.List name="weekly">
            {(slots, { add, remove }) => (
              <>
                {slots.map((slot) => (
                  <Space key={slot.key} align="start" wrap>
                    <Form.Item name={[slot.name, 'day']} label={labels.weekday}>
                      <Select
                        notFoundContent={ptBR.forms.noOptions}
                        style={{ width: 170 }}
                        options={WEEKDAYS.map((day) => ({ value: day, label: labels.days[day] }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[slot.name, 'start']}
                      label={labels.open}
                      rules={[{ required: true, message: ptBR.forms.required }]}
                    >
                      <TimePicker format={TIME} minuteStep={5} />
                    </Form.Item>
                    <Form.Item
                      name={[slot.name, 'end']}
                      label={labels.close}
                      rules={[{ required: true, message: ptBR.forms.required }]}
                    >
                      <TimePicker format={TIME} minuteStep={5} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={labels.remove}
                      style={{ marginTop: 30 }}
                      onClick={() => remove(slot.name)}
                    />
                  </Space>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ day: 'monday' })}
                  data-testid="office-hours-add"
                >
                  {labels.addSlot}
                </Button>
              </>
            )}
          </Form.List>
        </Card>
        <Card
          size="small"
          title={titles.holidays.title}
          id="holidays"
          data-testid="settings-section-holidays"
        >
          <Form.List name="holidays">
            {(rows, { add, remove }) => (
              <>
                {rows.length === 0 && <Empty description={ptBR.adminScreens.common.empty} />}
                {rows.map((row) => (
                  <Space key={row.key} align="start" wrap>
                    <Form.Item
                      name={[row.name, 'date']}
                      label={labels.holidayDate}
                      rules={[{ required: true, message: ptBR.forms.required }]}
                    >
                      <DatePicker format={['L', DAY]} data-testid={`holiday-date-${row.name}`} />
                    </Form.Item>
                    <Form.Item
                      name={[row.name, 'name']}
                      label={labels.holidayName}
                      rules={[{ required: true, whitespace: true, message: ptBR.forms.requiredField }]}
                    >
                      <Input maxLength={80} data-testid={`holiday-name-${row.name}`} />
                    </Form.Item>
                    <Form.Item
                      name={[row.name, 'recurring']}
                      valuePropName="checked"
                      style={{ marginTop: 30 }}
                    >
                      <Checkbox>{labels.recurring}</Checkbox>
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={labels.remove}
                      style={{ marginTop: 30 }}
                      onClick={() => remove(row.name)}
                    />
                  </Space>
                ))}
                <div>
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ name: '', recurring: false })}
                    data-testid="holiday-add"
                  >
                    {labels.addHoliday}
                  </Button>
                </div>
              </>
            )}
          </Form.List>
        </Card>
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          data-testid="settings-save-officeHours"
        >
          {ptBR.forms.save}
        </Button>
      </Space>
    </Form>
  );
}
