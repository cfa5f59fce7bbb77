import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { changePassword } from '@atende/shared/contracts/auth/change-password';
import { revokeToken } from '@atende/shared/contracts/auth/revoke-token';
import { updateEmployee } from '@atende/shared/contracts/employees/update-employee';
import { mockClient } from 'aws-sdk-client-mock';
import { decodeJwt } from 'jose';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as authHandler } from '../auth/handler.ts';
import { callRoute } from '../auth/test-gateway.ts';
import { createTenant, login, TEST_PASSWORD, type Tenant } from '../company/test-tenant.ts';
import { TEST_JWT_SECRET } from '../conversations/test-inbox.ts';
import { handler as employeesHandler } from '../employees/handler.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { publishToEmployee } from './publish.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { connect } from './service.ts';
import { listEmployeeConnections } from './store.ts';

const management = mockClient(ApiGatewayManagementApiClient);
let closed: string[] = [];
let posted: string[] = [];
let tenant: Tenant;
let sockets = 0;

beforeAll(async () => {
  process.env.JWT_SECRET = TEST_JWT_SECRET;
  process.env.WEBSOCKET_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9';
  await useTestTables();
  tenant = await createTenant();
});

beforeEach(() => {
  closed = [];
  posted = [];
  management.reset();
  management.on(DeleteConnectionCommand).callsFake((input: { ConnectionId: string }) => {
    closed.push(input.ConnectionId);
    return {};
  });
  management.on(PostToConnectionCommand).callsFake((input: { ConnectionId: string }) => {
    posted.push(input.ConnectionId);
    return {};
  });
});

/** A session of the operator with one open socket, as $connect stores it. */
async function openSocket(email: string, password = TEST_PASSWORD) {
  const token = await login(email, password);
  const claims = decodeJwt(token);
  const auth: AuthContext = {
    companyId: String(claims.cid),
    employeeId: String(claims.sub),
    role: claims.role as AuthContext['role'],
    sessionId: String(claims.sid),
  };
  const connectionId = `revocation-${(sockets += 1)}`;
  expect(await connect({ auth, connectionId }, Date.now())).toBe(true);
  return { token, auth, connectionId };
}

const framesTo = async (auth: AuthContext) => {
  posted = [];
  await publishToEmployee(auth.companyId, auth.employeeId, 'error', { code: 'probe', message: 'probe' });
  return posted;
};

describe('sockets end with their session', () => {
  it('closes the socket of a revoked session and sends it no further frame; other sessions keep theirs', async () => {
    const kept = await openSocket(tenant.operator.email);
    const ended = await openSocket(tenant.operator.email);
    expect(await framesTo(ended.auth)).toEqual(
      expect.arrayContaining([kept.connectionId, ended.connectionId]),
    );
    const answer = await callRoute(authHandler, revokeToken, { token: ended.token });
    expect(answer.status).toBe(204);
    expect(closed).toEqual([ended.connectionId]);
    expect(await framesTo(ended.auth)).toEqual([kept.connectionId]);
    const left = await listEmployeeConnections(ended.auth.companyId, ended.auth.employeeId);
    expect(left.map((connection) => connection.connectionId)).not.toContain(ended.connectionId);
  });

  it('closes every socket of the account on a password change but the changing session’s own', async () => {
    const other = await openSocket(tenant.manager.email);
    const own = await openSocket(tenant.manager.email);
    const answer = await callRoute(authHandler, changePassword, {
      token: own.token,
      body: { current_password: TEST_PASSWORD, new_password: 'senha-nova-98765' },
    });
    expect(answer.status).toBeLessThan(300);
    expect(closed).toContain(other.connectionId);
    expect(await framesTo(own.auth)).not.toContain(other.connectionId);
  });

  it('closes the sockets of a deactivated employee', async () => {
    const socket = await openSocket(tenant.operator.email);
    const answer = await callRoute(employeesHandler, updateEmployee, {
      token: tenant.admin.token,
      params: { id: tenant.operator.id },
      body: { inactive: true },
    });
    expect(answer.status).toBe(200);
    expect(closed).toContain(socket.connectionId);
    expect(await framesTo(socket.auth)).toEqual([]);
  });

  it('refuses a $connect whose session was revoked while it was in flight', async () => {
    const { token, auth } = await openSocket(tenant.admin.email);
    await callRoute(authHandler, revokeToken, { token });
    expect(await connect({ auth, connectionId: 'late-socket' }, Date.now())).toBe(false);
    const left = await listEmployeeConnections(auth.companyId, auth.employeeId);
    expect(left.map((connection) => connection.connectionId)).not.toContain('late-socket');
  });
});
