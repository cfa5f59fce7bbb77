import type { EventDraft, Mapper } from '../events/mappers.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored WebSocket connection appearing or going away: the employee's sockets, for status intervals. */
export const connectionEvents: Mapper = ({ kind, oldImage, newImage }) => {
  const image = kind === 'INSERT' ? newImage : kind === 'REMOVE' ? oldImage : undefined;
  if (!image) return [];
  const employee = text(image.employeeId);
  const connection = text(image.connectionId);
  const company = text(image.companyId);
  if (!employee || !connection || !company) return [];
  const draft: EventDraft = {
    type: kind === 'INSERT' ? 'employee.connected' : 'employee.disconnected',
    company_id: company,
    entity_id: employee,
    data: { employee, connection },
  };
  return [draft];
};

/** The employee's chosen status ("Online" or "Pausa") written or changed. */
export const presenceEvents: Mapper = ({ newImage, oldImage }) => {
  if (!newImage || newImage.status === oldImage?.status) return [];
  const status = newImage.status;
  if (status !== 'online' && status !== 'away') return [];
  return [
    {
      type: 'employee.status_changed',
      company_id: text(newImage.company),
      entity_id: text(newImage.employee),
      data: { employee: text(newImage.employee), status, at: text(newImage.at) },
    },
  ];
};
