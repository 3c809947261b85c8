export { buildNotification, type Notification, type NotificationInput } from "./notification.js";
export { mailTo, pushBody, pushHeaders, pushTo, smsTo, templateIds, PUSH_PLATFORMS, type PushPlatform, type PushTargets } from "./json-fields.js";
export {
  collect,
  listAllSources,
  listAllTemplates,
  listAllTopics,
  PaginationError,
  type ListOptions,
  type Source,
  type TemplateListItem,
  type TopicListItem,
} from "./pagination.js";
