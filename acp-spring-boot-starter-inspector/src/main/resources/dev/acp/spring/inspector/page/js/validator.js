// Asks the inspector's server whether a frame follows the ACP schema (POST ./validate).

export class FrameValidator {
	constructor(token) {
		this.token = token;
		this.protocolVersion = 1;
	}

	async validate(from, frame, method) {
		const headers = { 'Content-Type': 'application/json' };
		if (this.token) {
			headers.Authorization = `Bearer ${this.token}`;
		}
		const body = { protocolVersion: this.protocolVersion, from, frame };
		if (method) {
			body.method = method;
		}
		try {
			const response = await fetch('./validate', { method: 'POST', headers, body: JSON.stringify(body) });
			if (!response.ok) {
				return { valid: true, unchecked: `validation unavailable (HTTP ${response.status})` };
			}
			return await response.json();
		}
		catch (error) {
			return { valid: true, unchecked: `validation unavailable (${error.message})` };
		}
	}
}
