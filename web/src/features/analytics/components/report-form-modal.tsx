import { CHANNEL_TYPES } from '@atende/shared/channels/inbound';
import {
  REPORT_CHARTS,
  REPORT_MEASURES,
  REPORT_PERIODS,
  REPORT_SIZES,
  REPORT_VISIBILITIES,
  type SavedReportBody,
  type SavedReportView,
} from '@atende/shared/contracts/analytics/saved-reports';
import { BREAKDOWN_DIMENSIONS } from '@atende/shared/contracts/analytics/views';
import { analyticsScreensPtBR } from '@atende/shared/i18n/analytics-screens';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Radio, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { analyticsKeys, filterOptionsApi } from '../api/analytics-api.ts';
import { useSaveReport } from '../hooks/use-saved-reports.ts';

const t = ptBR.analytics;
const b = t.builder;
const sb = analyticsScreensPtBR.builder;

interface FormValues {
  name: string;
  measure: SavedReportBody['measure'];
  dimension: SavedReportBody['dimension'];
  chart: SavedReportBody['chart'];
  period: SavedReportBody['period'];
  channel?: string;
  department?: string;
  business_hours: boolean;
  visibility: SavedReportBody['visibility'];
  size: SavedReportBody['size'];
}

const DEFAULTS: FormValues = {
  name: '',
  measure: 'opened',
  dimension: 'day',
  chart: 'bar',
  period: '7d',
  business_hours: false,
  visibility: 'company',
  size: 'half',
};

const valuesOf = (report: SavedReportView | undefined): FormValues =>
  report
    ? {
        name: report.name,
        measure: report.measure,
        dimension: report.dimension,
        chart: report.chart,
        period: report.period,
        channel: report.filters.channel,
        department: report.filters.department,
        business_hours: report.filters.business_hours,
        visibility: report.visibility,
        size: report.size,
      }
    : DEFAULTS;

const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((key) => ({ value: key, label: labels[key] }));

/** Create or edit a saved report: measure, dimension, filters, period and chart type. */
export function ReportFormModal({
  open,
  report,
  position,
  onClose,
}: {
  open: boolean;
  report: SavedReportView | undefined;
  position: number;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveReport();
  const departments = useQuery({
    queryKey: analyticsKeys.departments,
    queryFn: filterOptionsApi.departments,
  });
  useEffect(() => {
    if (open) form.setFieldsValue(valuesOf(report));
  }, [open, report, form]);
  const submit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync({
      id: report?._id,
      body: {
        name: values.name,
        measure: values.measure,
        dimension: values.dimension,
        chart: values.chart,
        period: values.period,
        position: report?.position ?? position,
        visibility: values.visibility,
        size: values.size,
        filters: {
          ...(values.channel ? { channel: values.channel } : {}),
          ...(values.department ? { department: values.department } : {}),
          business_hours: values.business_hours,
        },
      },
    });
    onClose();
  };
  return (
    <Modal
      open={open}
      title={report ? b.edit : b.newReport}
      okText={b.save}
      cancelText={b.cancel}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {save.isError && <Alert type="error" message={save.error.message} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" initialValues={valuesOf(report)} data-testid="report-form">
        <Form.Item
          name="name"
          label={b.name}
          rules={[
            { required: true, whitespace: true, message: b.nameRequired },
            { max: 80, message: b.nameTooLong },
          ]}
        >
          <Input data-testid="report-name" />
        </Form.Item>
        <Form.Item name="measure" label={b.measure}>
          <Select options={options(REPORT_MEASURES, b.measures)} data-testid="report-measure" />
        </Form.Item>
        <Form.Item name="dimension" label={b.dimension}>
          <Select options={options(BREAKDOWN_DIMENSIONS, b.dimensions)} data-testid="report-dimension" />
        </Form.Item>
        <Form.Item name="chart" label={b.chart}>
          <Select options={options(REPORT_CHARTS, b.charts)} data-testid="report-chart" />
        </Form.Item>
        <Form.Item name="period" label={b.period}>
          <Select options={options(REPORT_PERIODS, b.periods)} />
        </Form.Item>
        <Form.Item name="channel" label={t.channel}>
          <Select
            allowClear
            options={CHANNEL_TYPES.map((type) => ({ value: type, label: t.channels[type] ?? type }))}
          />
        </Form.Item>
        <Form.Item name="department" label={t.department}>
          <Select allowClear options={departments.data ?? []} loading={departments.isLoading} />
        </Form.Item>
        <Form.Item name="business_hours" label={t.businessHours} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="size" label={sb.size}>
          <Radio.Group options={options(REPORT_SIZES, sb.sizes)} data-testid="report-size" />
        </Form.Item>
        <Form.Item name="visibility" label={sb.visibility}>
          <Radio.Group
            options={options(REPORT_VISIBILITIES, sb.visibilities)}
            data-testid="report-visibility"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
