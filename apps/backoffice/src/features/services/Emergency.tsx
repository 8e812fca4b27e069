// /financial/emergency (紧急处理, docs/decisions.md): the leave and make-up requests waiting for the
// caller's decision, one kind at a time, so they are decided before the lesson.
import { useState } from 'react';
import { ApprovalScreen } from '../orders/approvalScreen';
import { useT } from '../../i18n';
import { leaveApprovalDef, makeupApprovalDef } from './approvals';

export default function Emergency() {
  const t = useT();
  const [kind, setKind] = useState<'leave' | 'makeup'>('leave');
  return (
    <div className="space-y-3">
      <label className="inline-flex items-center gap-2 text-sm">
        {t('svc.emergencyKind')}
        <select
          className="h-control rounded-md border border-line px-2"
          value={kind}
          onChange={(e) => setKind(e.target.value === 'makeup' ? 'makeup' : 'leave')}
        >
          <option value="leave">{t('svc.leaveApproval')}</option>
          <option value="makeup">{t('svc.makeupApproval')}</option>
        </select>
      </label>
      <ApprovalScreen key={kind} def={kind === 'leave' ? leaveApprovalDef : makeupApprovalDef} />
    </div>
  );
}
