import { verifyAndReceiveScenarios } from "./verify-and-receive.scenarios.js";

verifyAndReceiveScenarios("node:crypto");
