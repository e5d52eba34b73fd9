/** Toast titles and messages of spec §8, verbatim. */
export const TOASTS = {
  loginSuccess: { title: 'Login successful', message: 'Welcome back!' },
  // Issue 67 item 13: a first sign-in is no return.
  firstLoginSuccess: { title: 'Login successful', message: 'Welcome!' },
  loginFailed: { title: 'Login failed', message: 'Login failed' },
  registerSuccess: { title: 'Registration successful', message: 'Your account has been created!' },
  registerFailed: { title: 'Registration failed', message: 'Registration failed' },
  logoutSuccess: { title: 'Logged out', message: 'See you next time!' },
  logoutFailed: { title: 'Logout failed', message: '' },
  unauthorized: { title: 'Unauthorized', message: 'You are logged out. Logging in again...' },
  attorneyRegistrationFailed: { title: 'Registration Failed', message: '' },
  attorneyContinuing: {
    title: 'Continuing Registration',
    message: 'Redirecting to secure authentication...',
  },
  firmRegistered: {
    title: 'Registration Successful',
    message: 'Your firm account has been created successfully.',
  },
  profileUpdated: { title: 'Profile Updated', message: '' },
  profileFailed: { title: 'Error', message: 'Failed to update profile.' },
  resumeUploaded: { title: 'Resume Uploaded', message: '' },
  resumeFailed: { title: 'Error', message: 'Failed to upload resume.' },
  progressSaved: { title: 'Progress Saved', message: '' },
  lpqSaveFailed: { title: 'Error', message: 'Failed to save progress.' },
  lpqCompleted: { title: 'LPQ Completed', message: 'Your LPQ has been submitted successfully.' },
  lpqCompleteFailed: { title: 'Error', message: 'Failed to complete LPQ.' },
  masterLpqFailed: { title: 'Error', message: 'Failed to save master LPQ template.' },
  masterLpqSaved: { title: 'Master LPQ Saved', message: 'Your master LPQ template has been saved.' },
  masterLpqFetchFailed: { title: 'Error', message: 'Failed to fetch LPQ data' },
  documentUploaded: { title: 'Document Uploaded', message: '' },
  autopopulated: { title: 'Information Autopopulated', message: '' },
  noLpqData: {
    title: 'No LPQ Data Found',
    message: 'Please complete your Master LPQ first to enable autopopulation.',
  },
  conflictsSubmitted: { title: 'Conflicts Form Submitted', message: '' },
  // PRODUCT.md §13: at most 200 matters.
  tooManyMatters: { title: 'At most 200 matters', message: 'Remove a matter before adding another.' },
  conflictsFailed: {
    title: 'Submission Failed',
    message: 'There was an error submitting your form. Please try again.',
  },
  diversitySubmitted: {
    title: 'Diversity Form Submitted',
    message: 'Your voluntary self-identification form has been successfully submitted.',
  },
  diversityFailed: {
    title: 'Submission Failed',
    message: 'There was an error submitting your form. Please try again.',
  },
  businessPlanSaved: {
    title: 'Business Plan Saved',
    message: 'Your business plan template has been successfully saved.',
  },
  businessPlanFailed: {
    title: 'Save Failed',
    message: 'There was an error saving your business plan. Please try again.',
  },
  shareSuccess: {
    title: 'LPQ Shared Successfully',
    message:
      'Your Master LPQ and supporting documents have been shared with the law firm. They will receive an email notification.',
  },
  shareFailed: { title: 'Share Failed', message: 'Failed to share LPQ. Please try again.' },
  declineSuccess: {
    title: 'Request Declined',
    message: 'You have declined this LPQ request. The firm will be notified.',
  },
  declineFailed: { title: 'Decline Failed', message: 'Failed to decline request. Please try again.' },
} as const;

export type ToastText = { title: string; message: string };

/**
 * Issue 67 item 13: the dashboards' greeting (spec 3.1's 'Welcome back' with the first name) reads 'Welcome'
 * through the user's first session (`User.firstVisit`, a fact the server keeps), 'Welcome back' after.
 */
export const greeting = (user: { firstName: string; firstVisit?: true }) =>
  `${user.firstVisit ? 'Welcome' : 'Welcome back'}, ${user.firstName}`;

/** The sign-in toast: 'Welcome back!' for a return, 'Welcome!' for a first visit. */
export const loginToast = (user: { firstVisit?: true }) =>
  user.firstVisit ? TOASTS.firstLoginSuccess : TOASTS.loginSuccess;
