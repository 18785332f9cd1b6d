/** Attendance and timesheets, on each side. */
export const attendanceKeys = {
  mine: ['professional', 'attendance'],
  checkInCodes: ['practice', 'check-in-codes'],
  practiceTimesheets: ['practice', 'timesheets'],
  disputes: ['admin', 'timesheet-disputes'],
} as const;
