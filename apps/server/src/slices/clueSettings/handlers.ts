import type { contract } from '@bo/api-sdk';
import { exportFileName } from '@bo/domain';
import type { SliceHandlers } from '../../http/register.js';
import { runFileImport, sheetLimits, templateFile, workbook, xlsxFile } from '../../shared/xlsx.js';
import { simpleHandlers } from '../../shared/masterdata/index.js';
import * as s from './service.js';

const channel = simpleHandlers(s.channels);
const channelType = simpleHandlers(s.channelTypes);
const transfer = simpleHandlers(s.transferTypes);
const abandon = simpleHandlers(s.abandonTypes);
const flow = simpleHandlers(s.flowTypes);
const intention = simpleHandlers(s.customerIntentions);
const entry = simpleHandlers(s.entryMethods);
const invalid = simpleHandlers(s.invalidReasons);
const unreach = simpleHandlers(s.unreachReasons);
const undeal = simpleHandlers(s.undealReasons);
const revisit = simpleHandlers(s.revisitEvents);
const scale = simpleHandlers(s.assessScales);

export const clueSettingsHandlers: SliceHandlers<typeof contract.clueSettings> = {
  channelList: channel.list,
  channelTypes: (ctx) => s.channelTypeOptions(ctx),
  channelListMulti: (ctx) => s.channelsMulti(ctx, ctx.query),
  channelSave: channel.save,
  channelUpdateStatus: channel.status,
  channelDetail: channel.detail,
  channelTypeSave: channelType.save,
  channelTypeUpdateStatus: channelType.status,
  channelTypeList: channelType.list,

  transferList: transfer.list,
  transferSave: transfer.save,
  transferUpdateStatus: transfer.status,
  transferDetail: transfer.detail,
  abandonList: abandon.list,
  abandonSave: abandon.save,
  abandonUpdateStatus: abandon.status,
  abandonDetail: abandon.detail,
  flowTypeList: flow.list,
  flowTypeSave: flow.save,
  flowTypeUpdateStatus: flow.status,
  flowTypeDetail: flow.detail,

  customerIntentionList: intention.list,
  customerIntentionSave: intention.save,
  customerIntentionUpdate: intention.update,
  customerIntentionUpdateStatus: intention.status,
  customerIntentionDetail: intention.detail,
  customerIntentionDelete: intention.remove,
  entryMethodList: entry.list,
  entryMethodSave: entry.save,
  entryMethodUpdate: entry.update,
  entryMethodUpdateStatus: entry.status,
  entryMethodDetail: entry.detail,
  entryMethodDelete: entry.remove,

  invalidReasonList: invalid.list,
  invalidReasonSave: invalid.save,
  invalidReasonUpdateStatus: invalid.status,
  invalidReasonDetail: invalid.detail,
  unreachReasonList: unreach.list,
  unreachReasonSave: unreach.save,
  unreachReasonUpdateStatus: unreach.status,
  unreachReasonDetail: unreach.detail,
  undealReasonList: undeal.list,
  undealReasonSave: undeal.save,
  undealReasonUpdateStatus: undeal.status,
  undealReasonDetail: undeal.detail,
  revisitEventList: revisit.list,
  revisitEventSave: revisit.save,
  revisitEventUpdateStatus: revisit.status,
  revisitEventDetail: revisit.detail,

  assessScaleList: scale.list,
  assessScaleAll: (ctx) => s.assessScales.all(ctx, { validstatus: 1 }),
  assessScaleSave: scale.save,
  assessScaleUpdateStatus: scale.status,
  assessScaleDetail: scale.detail,

  clueTargetList: (ctx) => s.clueTargets.page(ctx, ctx.query),
  clueTargetSaveOrUpdate: (ctx) => s.clueTargets.save(ctx, ctx.body),
  clueTargetDetail: (ctx) => s.clueTargets.detail(ctx, ctx.query.id, 'id'),
  clueTargetImport: (ctx) =>
    runFileImport({
      file: ctx.file,
      limits: sheetLimits(ctx.deps.config),
      columns: s.CLUE_TARGET_COLUMNS,
      today: ctx.deps.now(),
      importRows: (rows, o) => s.importClueTargets(ctx, rows, o),
    }),
  clueTargetImportRows: (ctx) => s.importClueTargets(ctx, ctx.body.rows, ctx.body),
  clueTargetTemplate: () =>
    templateFile('线索目标', s.CLUE_TARGET_COLUMNS, [
      {
        targetYear: 2026,
        targetType: 1,
        schoolItemCode: 'SH01',
        employeeCode: '',
        m1: 120,
        m2: 90,
        m3: 150,
        m4: 150,
        m5: 160,
        m6: 170,
        m7: 200,
        m8: 200,
        m9: 150,
        m10: 140,
        m11: 130,
        m12: 110,
      },
      {
        targetYear: 2026,
        targetType: 2,
        schoolItemCode: 'SH01',
        employeeCode: 'E0003',
        m1: 40,
        m2: 30,
        m3: 50,
        m4: 50,
        m5: 55,
        m6: 55,
        m7: 65,
        m8: 65,
        m9: 50,
        m10: 45,
        m11: 45,
        m12: 40,
      },
    ]),
  clueTargetExcel: async (ctx) => {
    const rows = await s.clueTargets.exportRows(ctx, ctx.query);
    return xlsxFile(
      exportFileName('线索目标', ctx.deps.now()),
      await workbook('线索目标', s.CLUE_TARGET_COLUMNS, rows),
    );
  },
};
