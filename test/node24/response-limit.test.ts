/** The clients' byte limit on Node 24's undici as on the machine's Node: the same tests, collected here too. */
import "../core/response-limit.test.js";
