import { lazy } from 'react';
import type { ScreenRoute } from '../../app/screens';

export const teachingRoutes: ScreenRoute[] = [
  { path: '/education/adminAssessment', component: lazy(() => import('./AdminAssessment')) },
  { path: '/education/adminAssessmentNew', component: lazy(() => import('./AdminAssessmentNew')) },
  { path: '/education/assessTask', component: lazy(() => import('./AssessTask')) },
  { path: '/education/appointmentClass', component: lazy(() => import('./AppointmentClass')) },
  { path: '/education/classConfirm', component: lazy(() => import('./ClassConfirm')) },
  { path: '/education/classroomManage', component: lazy(() => import('./ClassroomManage')) },
  { path: '/education/classTable', component: lazy(() => import('./ClassTable')) },
  { path: '/education/courseAdjustment', component: lazy(() => import('./CourseAdjustment')) },
  { path: '/education/dataExport', component: lazy(() => import('./DataExport')) },
  { path: '/education/educationOperate', component: lazy(() => import('./EducationOperate')) },
  { path: '/education/eventsManage', component: lazy(() => import('./EventsManage')) },
  { path: '/education/teamCourse', component: lazy(() => import('./TeamCourse')) },
  { path: '/education/timeManage', component: lazy(() => import('./TimeManage')) },
  { path: '/financial/studentClass', component: lazy(() => import('./StudentClass')) },
  { path: '/financial/studentClassOperate', component: lazy(() => import('./StudentClassOperate')) },
  { path: '/financial/studentCost', component: lazy(() => import('./StudentCost')) },
  { path: '/financial/teacherClass', component: lazy(() => import('./TeacherClass')) },
  { path: '/students/degreeManagement', component: lazy(() => import('./DegreeManagement')) },
];
