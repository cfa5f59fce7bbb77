/**
 * Named errors thrown by services. Only the HTTP error middleware turns them into responses; anything else is
 * a generic 500 with no internals.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly field: string | undefined;
  readonly code: string;

  constructor(statusCode: number, code: string, message: string, field?: string) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.code = code;
    this.field = field;
  }
}

export class Invalid extends AppError {
  constructor(field: string, message: string) {
    super(400, 'invalid', message, field);
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Não autorizado.') {
    super(401, 'unauthorized', message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'Acesso negado.') {
    super(403, 'forbidden', message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Não encontrado.') {
    super(404, 'not_found', message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, field?: string) {
    super(409, 'conflict', message, field);
  }
}

export class TooManyRequests extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'too_many_requests', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
