export const FLOWS_PATH = '/app/chatbot/flow';
export const builderPath = (id: string) => `${FLOWS_PATH}/builder/${id}`;
