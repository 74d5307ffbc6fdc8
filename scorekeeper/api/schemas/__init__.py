"""The API's request and response shapes (pydantic models).

The same models validate each request, shape each response and generate the OpenAPI
document, so the document cannot drift from the code. Figures carry their unit: ``cents``
for money, ``units`` for chips, ``points`` for scores as the table writes them (a table at
scale 10 writes 35 for 350).
"""
