import { DEFAULT_TIMEZONE } from '@atende/shared/domain/constants';
import { useSession } from '../../../lib/session/use-session.ts';

/** Who is using the chat: ids, role, the company's time zone and WhatsApp integrations. */
export function useChatMe() {
  const { mount, access } = useSession();
  const employee = mount.data;
  return {
    employee,
    access,
    employeeId: employee?._id,
    companyId: employee?.company._id,
    timeZone: employee?.company.settings.timezone || DEFAULT_TIMEZONE,
  };
}
