import { createFlow } from '@atende/shared/contracts/flows/create-flow';
import { deleteFlow } from '@atende/shared/contracts/flows/delete-flow';
import { duplicateFlow } from '@atende/shared/contracts/flows/duplicate-flow';
import { getFlow } from '@atende/shared/contracts/flows/get-flow';
import { listFlows } from '@atende/shared/contracts/flows/list-flows';
import { publishFlow } from '@atende/shared/contracts/flows/publish-flow';
import { renameFlow } from '@atende/shared/contracts/flows/rename-flow';
import { restoreFlowVersion } from '@atende/shared/contracts/flows/restore-flow-version';
import { saveFlowDraft } from '@atende/shared/contracts/flows/save-flow-draft';
import { setChannelFlow } from '@atende/shared/contracts/flows/set-channel-flow';
import { simulateFlow, testFlowRequest } from '@atende/shared/contracts/flows/simulate-flow';
import { loadAccessContext } from '../company/access-context.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import * as service from './service.ts';
import { simulate, testRequest } from './simulator.ts';

export const handler = createHttpHandler(
  [
    route(listFlows, ({ auth }) => service.listFlows(auth)),
    route(createFlow, ({ auth, body }) => service.createFlow(auth, body.name)),
    route(getFlow, ({ auth, params }) => service.getFlow(auth, params.id)),
    route(renameFlow, ({ auth, params, body }) => service.renameFlow(auth, params.id, body.name)),
    route(duplicateFlow, ({ auth, params }) => service.duplicateFlow(auth, params.id)),
    route(saveFlowDraft, ({ auth, params, body }) => service.saveDraft(auth, params.id, body)),
    route(publishFlow, ({ auth, params }) => service.publishFlow(auth, params.id)),
    route(restoreFlowVersion, ({ auth, params }) => service.restoreVersion(auth, params.id, params.version)),
    route(deleteFlow, ({ auth, params }) => service.deleteFlow(auth, params.id)),
    route(simulateFlow, ({ auth, params, body }) => simulate(auth, params.id, body)),
    route(testFlowRequest, ({ body }) => testRequest(body)),
    route(setChannelFlow, ({ auth, params, body }) => service.setChannelFlow(auth, params.id, body.flow)),
  ],
  { accessContext: loadAccessContext },
);
