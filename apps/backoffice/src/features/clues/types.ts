// Types and schemas of the clue screens, read from the contract (the package root does not re-export
// the clues, resources, calls, tasks and workbench slices' schemas; the endpoints carry them).
import { contract } from '@bo/api-sdk';
import type { z } from 'zod';

const c = contract.clues;
export const ClueInput = c.clueSave.body;
export type TClueRow = z.infer<typeof c.clueSave.response>;
export type TClueState = TClueRow['flowState'];
export type TApprovalRow = z.infer<typeof c.invalidList.response>['list'][number];
export type TLeadRow = z.infer<typeof c.list4baidu.response>['list'][number];
export type TChannelSignRow = z.infer<typeof c.channelSignList.response>['list'][number];
export const ChannelSignInput = c.channelSignSave.body;
export type TTodoRow = z.infer<typeof contract.tasks.todoList.response>['list'][number];
export type TTaskRow = z.infer<typeof contract.tasks.taskCenterList.response>['list'][number];
export type TWorkItem = z.infer<typeof contract.workbench.workList.response>['items'][number];
export type TResourceRow = z.infer<typeof contract.resources.queryResourceList.response>['list'][number];
export type TCallRow = z.infer<typeof contract.calls.list.response>['list'][number];
export type TResourceDetail = z.infer<typeof contract.resources.queryResourceDetail.response>;
export type TResourceStatus = TResourceRow['status'];
export const ResourceInput = contract.resources.save.body;
