/** The chat area: CBS chat relays, the chat auth key and a stand-in live-chat provider (decision 048). */
import type { OperatorArea } from "../http";
import { chatRelays, chatRoutes } from "./routes";
import { CHAT_SCHEMA, seedChat } from "./seed";

export const chatArea: OperatorArea = { name: "chat", schema: CHAT_SCHEMA, seed: seedChat, relays: chatRelays, routes: chatRoutes };
