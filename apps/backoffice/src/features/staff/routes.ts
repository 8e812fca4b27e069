import type { ScreenRoute } from '../../app/screens';

export const staffRoutes: ScreenRoute[] = [];
