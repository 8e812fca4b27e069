import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import {
  createFeedback,
  feedbackDetail,
  listFeedback,
  readFileFor,
  storeUpload,
  updateFeedback,
  uploadCredentials,
} from './service.js';

export const feedbackHandlers: SliceHandlers<typeof contract.feedback> = {
  create: async ({ body, user, deps, ip }) => createFeedback(deps, user, ip, body),
  list: async ({ query, deps }) => listFeedback(deps, query),
  detail: async ({ query, user, deps }) => feedbackDetail(deps, user, query.code),
  update: async ({ body, user, deps, ip }) => {
    await updateFeedback(deps, user, ip, body);
    return true;
  },
  uploadCredentials: async ({ body, user, deps }) => uploadCredentials(deps, user, body.code, body.filename),
  upload: async ({ file, fields, user, deps }) => storeUpload(deps, user, file, fields.uploadToken),
  file: async ({ params, user, deps }) => readFileFor(deps, user, params.id),
};
