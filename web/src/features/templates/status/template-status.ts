import type { TemplateStatus } from '@atende/shared/domain/constants';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { isTemplateUsable, templateStatusLabel } from '@atende/shared/rules/statuses';

export interface TemplateStatusDisplay {
  label: string;
  /** What the status means for the company (spec point 4), shown beside the tag. */
  meaning: string;
  /** antd Tag colour. */
  color: 'success' | 'processing' | 'error' | 'default' | 'warning';
  usable: boolean;
}

const COLORS: Record<TemplateStatus, TemplateStatusDisplay['color']> = {
  APPROVED: 'success',
  PENDING: 'processing',
  REVISION: 'processing',
  REJECTED: 'error',
  FAILED: 'error',
  DEACTIVATED: 'default',
  PAUSED: 'warning',
};

export const templateStatusDisplay = (status: TemplateStatus): TemplateStatusDisplay => ({
  label: templateStatusLabel(status),
  meaning: ptBR.channelsScreens.templates.meaning[status],
  color: COLORS[status],
  usable: isTemplateUsable({ status }),
});
