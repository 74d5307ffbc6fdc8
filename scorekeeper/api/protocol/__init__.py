"""The API's conventions, the same for every resource: problem answers and their codes, the
JSON body reader, ETags and conditional requests, Idempotency-Keys, paging, the OpenAPI links
and the served document's finishing touches, the blueprint every resource is registered on.
"""
