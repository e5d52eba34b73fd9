import type { LoginInput, RegisterInput, User } from '@shared/auth';
import { TOASTS } from '@shared/texts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, errorMessage, getQueryFn, queryClient } from './api';
import { showToast } from './toast';

export const USER_QUERY_KEY = ['/api/user'];

export function useAuth() {
  const { data, isLoading } = useQuery<User | null>({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }),
  });
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}

export function setCurrentUser(user: User | null) {
  queryClient.setQueryData(USER_QUERY_KEY, user);
}

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<User>('POST', '/api/login', input),
    onSuccess: (user) => {
      setCurrentUser(user);
      showToast(TOASTS.loginSuccess, { variant: 'success' });
    },
    onError: (error) =>
      showToast(TOASTS.loginFailed, {
        variant: 'destructive',
        message: errorMessage(error, TOASTS.loginFailed.message),
      }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<User>('POST', '/api/register', input),
    onSuccess: (user) => {
      setCurrentUser(user);
      showToast(TOASTS.registerSuccess, { variant: 'success' });
    },
    onError: (error) =>
      showToast(TOASTS.registerFailed, {
        variant: 'destructive',
        message: errorMessage(error, TOASTS.registerFailed.message),
      }),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: () => {
      queryClient.clear();
      setCurrentUser(null);
      showToast(TOASTS.logoutSuccess);
    },
    onError: () => showToast(TOASTS.logoutFailed, { variant: 'destructive' }),
  });
}

export function homePathFor(user: User): string {
  if (user.userType === 'attorney') return '/attorney/onboarding';
  if (user.userType === 'firm') return '/firm/dashboard';
  return '/';
}
