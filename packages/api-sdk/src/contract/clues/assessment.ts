// After the visit: the entrance assessment, its evaluation links, and conversion to a student.
import { z } from 'zod';
import { BirthDate } from '../fields.js';
import { Ok, get, post, priv, type Slice } from '../define.js';
import { Gender, Ts, Phone, ClueId, Text, ClueIdQuery } from './fields.js';
import { CLUE_LIST, SCHOOL, ASSESS, WORK, work } from './access.js';

export const MatriculationRow = z.object({
  id: z.number().int(),
  clueId: z.number().int(),
  uuid: z.string(),
  matriculationType: z.string(),
  conclusion: z.string(),
  score: z.number().nullable(),
  suggestion: z.string(),
  assessorName: z.string(),
  createdAt: Ts,
  sentAt: Ts.nullable(),
});

export const EvaluationSendRow = z.object({
  id: z.number().int(),
  uuid: z.string(),
  phone: z.string(),
  matriculationType: z.string(),
  /** The link the parent opens (sent by SMS once an SMS adapter exists; stored and returned now). */
  link: z.string(),
  sentAt: Ts,
});

export const StudentDraft = z.object({
  clueId: z.number().int(),
  name: z.string(),
  gender: z.number().int(),
  birthDate: z.string().nullable(),
  parentName: z.string(),
  phone: z.string(),
  relation: z.string(),
  schoolItemCode: z.string().nullable(),
  channel: z.string().nullable(),
  insurance: z.boolean(),
  assessment: MatriculationRow.nullable(),
});

export const StudentInput = z.object({
  clueId: ClueId,
  name: z.string().trim().min(1, 'the student name is required').max(50),
  gender: Gender,
  birthDate: BirthDate.nullable().optional(),
  parentName: z.string().trim().min(1, 'the parent name is required').max(50),
  phone: Phone,
  schoolItemCode: z.string().trim().min(1, 'the campus is required').max(20),
  insurance: z.boolean().optional(),
});

export const StudentCreated = z.object({ studentId: z.number().int(), studentCode: z.string() });

export const assessmentEndpoints = {
  entranceAssessment: get('/clue/entranceAssessment', {
    service: 'clue',
    summary: 'The entrance assessments of a clue and the evaluation links sent.',
    access: priv(ASSESS, CLUE_LIST, SCHOOL, WORK),
    query: ClueIdQuery,
    response: z.object({
      clueId: z.number().int(),
      results: z.array(MatriculationRow),
      sends: z.array(EvaluationSendRow),
    }),
  }),
  matriculationSave: post('/ifree/matriculationResult/save', {
    service: 'clue',
    summary: 'Record the entrance assessment of a visited clue (state assessed).',
    access: priv(ASSESS, CLUE_LIST, SCHOOL, WORK),
    body: z.object({
      clueId: ClueId,
      matriculationType: z.string().trim().min(1).max(50),
      conclusion: z.string().trim().min(1, 'the conclusion is required').max(2000),
      score: z.number().min(0).max(1000).nullable().optional(),
      suggestion: Text(2000).default(''),
      assessorName: Text(50).default(''),
    }),
    response: MatriculationRow,
  }),
  matriculationSend: post('/ifree/matriculationResult/send/{id}', {
    service: 'clue',
    summary:
      'Send the assessment result link to the parent by text message (503 when not configured), record the send and return the link.',
    access: priv(ASSESS, CLUE_LIST, SCHOOL, WORK),
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: EvaluationSendRow,
  }),
  sendEvaluate: post('/ifree/matriculationResult/sendEvaluate', {
    service: 'clue',
    summary:
      'Send the evaluation link to a phone by text message (SMS adapter; 503 when not configured), record the send and return the link.',
    access: priv(ASSESS, CLUE_LIST, SCHOOL, WORK),
    query: z.object({
      uuid: z.string().trim().min(1).max(100),
      phone: Phone,
      matriculationType: z.string().trim().min(1).max(50),
    }),
    response: EvaluationSendRow,
  }),
  preSaveStudent: get('/clue/preSaveStudent', {
    service: 'clue',
    summary: 'The student case file prefilled from the clue.',
    access: work,
    query: ClueIdQuery,
    response: StudentDraft,
  }),
  studentCreate: post('/clue/student/create', {
    service: 'clue',
    summary: 'Create the student from a visited or assessed clue (state converted).',
    access: work,
    body: StudentInput,
    response: StudentCreated,
  }),
  bindingStudent: post('/clue/bindingStudent', {
    service: 'clue',
    summary: 'Bind the clue to an existing student of its campus (state converted).',
    access: work,
    body: z.object({ clueId: ClueId, studentCode: z.string().trim().min(1) }),
    response: Ok,
  }),
} satisfies Slice;
