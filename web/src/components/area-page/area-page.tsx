import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BreadcrumbItem } from '../page-header/page-header.tsx';
import { PageHeader } from '../page-header/page-header.tsx';

/** A shell area whose screens arrive with later issues: its real header and an honest empty state. */
export function AreaPage({ title, breadcrumb }: { title: string; breadcrumb: readonly BreadcrumbItem[] }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <Empty style={{ marginTop: 48 }} description={t('shell.emptyArea')} data-testid="area-empty" />
    </>
  );
}
